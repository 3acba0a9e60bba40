// The `.rules` language in Monaco: a Monarch tokenizer (until the language service's semantic tokens colour
// names by what they are), brackets, comments, and the playground's theme. The keyword lists are the syntax
// package's (test/rules-language.test.ts holds them to it), shared with the page's static view (src/page/rules-words.ts).
import type { languages } from 'monaco-editor/editor';
import { monaco } from './monaco-setup.ts';
import { DECLARING, HARD_KEYWORDS, SOFT_KEYWORDS } from '../page/rules-words.ts';

export const RULES_LANGUAGE = 'houserules';

export { HARD_KEYWORDS, SOFT_KEYWORDS } from '../page/rules-words.ts';

export const monarch: languages.IMonarchLanguage = {
  defaultToken: '',
  hardKeywords: HARD_KEYWORDS,
  softKeywords: SOFT_KEYWORDS,
  declaring: DECLARING,
  tokenizer: {
    root: [
      [/\/\/.*$/, 'comment'],
      [/\/\*/, 'comment', '@comment'],
      [/"/, 'string', '@string'],
      [/\b\d+d\d+\b/, 'number.dice'],
      [/\b\d+\b/, 'number'],
      [
        /[A-Za-z_][A-Za-z0-9_]*/,
        {
          cases: {
            '@declaring': { token: 'keyword.declaration', next: '@declared' },
            '@hardKeywords': 'keyword',
            '@softKeywords': 'keyword.soft',
            '@default': 'identifier',
          },
        },
      ],
      [/[{}()[\]]/, '@brackets'],
      [/==|!=|<=|>=|\.\.|[<>+\-*/%=|]/, 'operator'],
      [/[,.:]/, 'delimiter'],
    ],
    declared: [
      [/\s+/, ''],
      [/(override|remove)\b/, 'keyword'],
      [/[A-Za-z_][A-Za-z0-9_]*/, { cases: { '@hardKeywords': { token: 'keyword', next: '@pop' }, '@default': { token: 'entity.name', next: '@pop' } } }],
      [/./, { token: '@rematch', next: '@pop' }],
    ],
    comment: [
      [/[^/*]+/, 'comment'],
      [/\*\//, 'comment', '@pop'],
      [/[/*]/, 'comment'],
    ],
    string: [
      [/[^"\\]+/, 'string'],
      [/\\./, 'string.escape'],
      [/"/, 'string', '@pop'],
    ],
  },
};

export const languageConfiguration: languages.LanguageConfiguration = {
  comments: { lineComment: '//', blockComment: ['/*', '*/'] },
  brackets: [
    ['{', '}'],
    ['(', ')'],
    ['[', ']'],
  ],
  autoClosingPairs: [
    { open: '{', close: '}' },
    { open: '(', close: ')' },
    { open: '[', close: ']' },
    { open: '"', close: '"', notIn: ['string', 'comment'] },
  ],
  surroundingPairs: [
    { open: '{', close: '}' },
    { open: '(', close: ')' },
    { open: '"', close: '"' },
  ],
  wordPattern: /[A-Za-z_][A-Za-z0-9_]*|\d+/,
  indentationRules: { increaseIndentPattern: /\{[^}]*$/, decreaseIndentPattern: /^\s*\}/ },
  folding: { markers: { start: /^\s*\/\/\s*──/, end: /^\s*\/\/\s*──/ } },
};

export function registerRulesLanguage(): void {
  monaco.languages.register({ id: RULES_LANGUAGE, extensions: ['.rules'], aliases: ['Houserules', 'rules'] });
  monaco.languages.setMonarchTokensProvider(RULES_LANGUAGE, monarch);
  monaco.languages.setLanguageConfiguration(RULES_LANGUAGE, languageConfiguration);
  monaco.editor.defineTheme('houserules', {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'keyword', foreground: '7a3e9d', fontStyle: 'bold' },
      { token: 'keyword.declaration', foreground: '7a3e9d', fontStyle: 'bold' },
      { token: 'keyword.soft', foreground: '8a5a9e' },
      { token: 'entity.name', foreground: '005f87', fontStyle: 'bold' },
      { token: 'identifier', foreground: '1f2d3d' },
      { token: 'string', foreground: '2e7d32' },
      { token: 'string.escape', foreground: '1b5e20' },
      { token: 'number', foreground: 'b35900' },
      { token: 'number.dice', foreground: 'b35900', fontStyle: 'bold' },
      { token: 'comment', foreground: '7c8b99', fontStyle: 'italic' },
      { token: 'operator', foreground: '55606e' },
    ],
    colors: {
      'editor.background': '#fffdf8',
      'editorLineNumber.foreground': '#b8b0a0',
      'editorLineNumber.activeForeground': '#6b5b3e',
      'editor.lineHighlightBackground': '#f6f0e2',
      'editorGutter.background': '#fbf7ee',
    },
  });
}
