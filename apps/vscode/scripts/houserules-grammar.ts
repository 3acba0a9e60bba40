import { HARD_KEYWORDS, ITEM_KEYWORDS, SOFT_KEYWORDS } from '@houserules/syntax';

/** The TextMate grammar of `.rules` files: declaration keywords, other hard keywords, soft keywords, literals, comments. */
export function houserulesGrammar(): object {
  const declarations = [...ITEM_KEYWORDS];
  const control = HARD_KEYWORDS.filter((k) => !declarations.includes(k) && !['true', 'false', 'and', 'or', 'not', 'is'].includes(k));
  const words = (list: readonly string[]): string => `\\b(?:${[...list].sort((a, b) => b.length - a.length || a.localeCompare(b)).join('|')})\\b`;
  return {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'Houserules',
    scopeName: 'source.houserules',
    fileTypes: ['rules'],
    patterns: [
      { include: '#comments' },
      { include: '#strings' },
      { name: 'constant.numeric.dice.houserules', match: '\\b[0-9]+d[0-9]+\\b' },
      { name: 'constant.numeric.integer.houserules', match: '\\b[0-9]+\\b' },
      { name: 'constant.language.boolean.houserules', match: '\\b(?:true|false)\\b' },
      { name: 'keyword.operator.word.houserules', match: '\\b(?:and|or|not|is)\\b' },
      { name: 'keyword.declaration.houserules', match: words(declarations) },
      { name: 'keyword.control.houserules', match: words(control) },
      { name: 'keyword.other.soft.houserules', match: words(SOFT_KEYWORDS) },
      { name: 'keyword.operator.houserules', match: '==|!=|<=|>=|\\.\\.|[<>=+\\-*/%|]' },
      { name: 'variable.other.houserules', match: '\\b[A-Za-z_][A-Za-z0-9_]*\\b' },
    ],
    repository: {
      comments: {
        patterns: [
          { name: 'comment.line.double-slash.houserules', match: '//.*$' },
          { name: 'comment.block.houserules', begin: '/\\*', end: '\\*/' },
        ],
      },
      strings: {
        name: 'string.quoted.double.houserules',
        begin: '"',
        end: '"|$',
        patterns: [{ name: 'constant.character.escape.houserules', match: '\\\\.' }],
      },
    },
  };
}
