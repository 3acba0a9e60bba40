/** Snippets: a rule, an action, a test, and the other declarations and statements written most, in the shape docs/language.md teaches. */

export interface Snippet {
  label: string;
  /** what the client filters on (the keyword the snippet starts with) */
  filter: string;
  detail: string;
  body: string;
}

export const ITEM_SNIPPETS: readonly Snippet[] = [
  {
    label: 'rule …', filter: 'rule', detail: 'a rule: what happens when an event fires',
    body: 'rule ${1:name} on ${2:event} {\n\tcite "${3:the rulebook sentence}"\n\t$0\n}',
  },
  {
    label: 'action …', filter: 'action', detail: 'an action a player may take',
    body: 'action ${1:name}(${2:x} in ${3:collection}) by current during ${4:phase} {\n\tcite "${5:the rulebook sentence}"\n\t$0\n}',
  },
  {
    label: 'test …', filter: 'test', detail: 'a conformance test',
    body: 'test "${1:what it shows}" {\n\tcite "${2:the rulebook sentence}"\n\tplayers ${3:3}\n\tadvance\n\texpect ${0:condition}\n}',
  },
  {
    label: 'forbid …', filter: 'forbid', detail: 'a constraint: an action is illegal when…',
    body: 'forbid ${1:name} on ${2:action}(${3:x}) when ${4:condition}\n\treason "${5:why}"',
  },
  {
    label: 'option …', filter: 'option', detail: 'an explicit reading of an ambiguous sentence',
    body: 'option ${1:name}: ${2:first} | ${3:second} = ${2:first}\n\t"${4:what each reading means}"',
  },
  {
    label: 'event …', filter: 'event', detail: 'an event rules emit and listen to',
    body: 'event ${1:name}(${2:p}: ${3:player})',
  },
];

export const STATEMENT_SNIPPETS: readonly Snippet[] = [
  { label: 'for …', filter: 'for', detail: 'for each element', body: 'for ${1:p} in ${2:players} {\n\t$0\n}' },
  { label: 'if …', filter: 'if', detail: 'if … { } else { }', body: 'if ${1:condition} {\n\t$0\n}' },
  { label: 'move … from … to …', filter: 'move', detail: 'move tokens between pools', body: 'move ${1:1} ${2:token} from ${3:pool} to ${4:pool}' },
  { label: 'ask … to choose …', filter: 'ask', detail: 'a decision', body: 'ask ${1:current} to choose ${2:x} in ${3:collection} then {\n\t$0\n}' },
];

export const TEST_SNIPPETS: readonly Snippet[] = [
  { label: 'arrange { … }', filter: 'arrange', detail: 'set the game up', body: 'arrange {\n\t$0\n}' },
  { label: 'expect illegal …', filter: 'expect', detail: 'a move the rules refuse', body: 'expect illegal ${1:p1} does ${2:action} because ${3:constraint}' },
];
