/**
 * The files `houserules init` writes: a scenario small enough to read in a
 * minute that checks, tests and simulates green, for the author to replace
 * rule by rule.
 */
import { HARD_KEYWORDS } from '@houserules/syntax';

export interface ScaffoldFile {
  /** Relative to the new scenario's folder, with `/`. */
  path: string;
  text: string;
}

export type Scaffold = { ok: true; name: string; files: ScaffoldFile[] } | { ok: false; message: string };

/** A module name from a folder name: `My-Game` → `my_game`. */
export function moduleNameFor(folder: string): string {
  return folder
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const SENTENCE_TURN = 'On your turn, roll a die and score that many points.';
const SENTENCE_END = 'After five rounds, the player with the most points wins; players with equal points share the win.';

/** Whether `name` is one of the language's keywords (`rule`, `module`, `true`…), which no name may be. */
export function isKeyword(name: string): boolean {
  return (HARD_KEYWORDS as readonly string[]).includes(name);
}

/**
 * The rulebook's first line, the title as a heading: with no bullet before it
 * and no sentence end after it, so the coverage count never takes it for a
 * sentence of the rules (`*Bold* game`, `Roll. Score.`); none when nothing is left.
 */
function rulebookHeading(title: string): string {
  return title.replace(/^[\s•*-]+/u, '').replace(/[\s.:!?)"”’]+$/u, '');
}

export function scaffoldFiles(folder: string, givenTitle: string | undefined, withPackageJson: boolean): Scaffold {
  const name = moduleNameFor(folder);
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(folder) || !/^[a-z][a-z0-9_]*$/.test(name)) {
    return { ok: false, message: `cannot make a module name from the folder name "${folder}": use letters, digits, - and _, starting with a letter` };
  }
  if (isKeyword(name)) {
    return { ok: false, message: `the folder name "${folder}" makes the module name \`${name}\`, a keyword of the language, which cannot be a name: choose another, such as ${name}_game` };
  }
  const title = givenTitle ?? (folder.charAt(0).toUpperCase() + folder.slice(1)).replace(/[-_]+/g, ' ');
  if (!/^[^"\\\n\r\t\p{Cc}]{1,80}$/u.test(title)) {
    return { ok: false, message: 'the title must be one line of at most 80 characters, without quotes or backslashes' };
  }
  const rules = `// ${title}: a scenario made by \`houserules init\`. Replace the game with yours, rule by rule.
module ${name}

scenario "${title}" {
  source "rulebook.txt"
  players 2..4
}

token point
pool bank { point: unlimited }
per player {
  pool score { point }
}

flow {
  rounds 5 {
    turns {
      step take_turn
    }
  }
}

rule score_a_roll on take_turn {
  cite "${SENTENCE_TURN}"
  roll 1d6 as pips
  move pips point from bank to current.score
}

ranking p by p.score.point desc ties shared
  cite "${SENTENCE_END}"
`;
  const tests = `module ${name}_tests extends "../${folder}.rules"

test "every turn scores between one and six points" {
  cite "${SENTENCE_TURN}"
  players 2
  play
  expect all(p in players: p.score.point >= 5 and p.score.point <= 30)
}

test "the game ends after five rounds" {
  cite "${SENTENCE_END}"
  players 3
  play
  expect game over
  expect round == 5
}
`;
  const heading = rulebookHeading(title);
  const rulebook = `${heading === '' ? '' : `${heading}\n\n`}${SENTENCE_TURN}
${SENTENCE_END}
`;
  const readme = `# ${title}

A scenario made by \`houserules init\`: the rulebook text is in
[rulebook.txt](rulebook.txt), the rules in [${folder}.rules](${folder}.rules), their tests in
[tests/${folder}.rules](tests/${folder}.rules).

\`\`\`sh
houserules check .                 # compile with every variant, diagnostics with code frames
houserules test . --coverage       # run the tests; which rules and rulebook sentences they cover
houserules simulate . --games 1000 # play games with random agents and summarise them
houserules check . --watch         # check again whenever a file changes
\`\`\`

Every rule cites the rulebook sentence it implements (\`cite "…"\`); \`conformance.json\`
sets the coverage the tests must keep.

| rulebook sentence | rule |
|---|---|
| ${SENTENCE_TURN} | \`score_a_roll\` |
| ${SENTENCE_END} | the ranking |
`;
  const conformance = `{
  "coverage": {
    "${name}": { "all": 100, "sentences": 100 }
  }
}
`;
  const files: ScaffoldFile[] = [
    { path: `${folder}.rules`, text: rules },
    { path: `tests/${folder}.rules`, text: tests },
    { path: 'rulebook.txt', text: rulebook },
    { path: 'README.md', text: readme },
    { path: 'conformance.json', text: conformance },
  ];
  if (withPackageJson) files.push({ path: 'package.json', text: `{ "name": "${name.replace(/_/g, '-')}", "private": true }\n` });
  return { ok: true, name, files };
}
