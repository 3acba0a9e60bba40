/**
 * What each method the server handles takes, checked once, at the boundary
 * (the message gate), so the handlers can trust their params' shape. A
 * request whose params do not fit is answered InvalidParams with what is
 * wrong; a notification is dropped (there is nothing to answer). Only the
 * fields the server reads are checked, plus the ones LSP requires; other
 * fields pass (clients send more than the server uses).
 *
 * A method missing here is not handled: a request is answered
 * MethodNotFound, a notification is dropped.
 */

/** A problem with a value at `at`, in words; undefined when it fits. */
export type Check = (value: unknown, at: string) => string | undefined;

const MAX_UINTEGER = 2 ** 31 - 1;

const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v === 'number' ? `the number ${v}` : `a ${typeof v}`);
/** `at` must be `what`: said of a value that is missing, or of another kind. */
const expected = (at: string, what: string, v: unknown): string => (v === undefined ? `${at} is missing (it must be ${what})` : `${at} must be ${what}, not ${kindOf(v)}`);

export const anything: Check = () => undefined;
export const string: Check = (v, at) => (typeof v === 'string' ? undefined : expected(at, 'a string', v));
export const boolean: Check = (v, at) => (typeof v === 'boolean' ? undefined : expected(at, 'true or false', v));
export const integer: Check = (v, at) => (Number.isSafeInteger(v) ? undefined : expected(at, 'a whole number', v));
/** LSP's `uinteger`: 0 to 2^31 - 1 (lines, characters). */
export const uinteger: Check = (v, at) =>
  Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= MAX_UINTEGER ? undefined : expected(at, `a whole number from 0 to ${MAX_UINTEGER}`, v);

export const optional = (check: Check): Check => (v, at) => (v === undefined ? undefined : check(v, at));
export const nullable = (check: Check): Check => (v, at) => (v === null ? undefined : check(v, at));
export const either = (...checks: Check[]): Check => (v, at) => {
  const problems = checks.map((c) => c(v, at));
  return problems.includes(undefined) ? undefined : problems.join(', or ');
};
export const oneOf = (...values: string[]): Check => (v, at) => (typeof v === 'string' && values.includes(v) ? undefined : expected(at, `one of ${values.map((x) => `"${x}"`).join(', ')}`, v));

/** An object with these fields (more may be there). */
export const object = (fields: Record<string, Check>): Check => (v, at) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return expected(at, 'an object', v);
  for (const [name, check] of Object.entries(fields)) {
    const problem = check((v as Record<string, unknown>)[name], `${at}.${name}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
};

export const array = (item: Check): Check => (v, at) => {
  if (!Array.isArray(v)) return expected(at, 'an array', v);
  for (let i = 0; i < v.length; i++) {
    const problem = item(v[i], `${at}[${i}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
};

/** An object used as a map: every value fits `value`. */
export const record = (value: Check): Check => (v, at) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return expected(at, 'an object', v);
  for (const [key, item] of Object.entries(v)) {
    const problem = value(item, `${at}[${JSON.stringify(key).slice(0, 80)}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
};

const id = either(integer, string);
const position = object({ line: uinteger, character: uinteger });
const range = object({ start: position, end: position });
const textDocument = object({ uri: string });
/** Fields every request may carry (progress tokens), with the request's own. */
const request = (fields: Record<string, Check>): Check => object({ workDoneToken: optional(id), partialResultToken: optional(id), ...fields });
const atPosition = (fields: Record<string, Check> = {}): Check => request({ textDocument, position, ...fields });
const onDocument = (fields: Record<string, Check> = {}): Check => request({ textDocument, ...fields });
const none: Check = (v, at) => (v === undefined || v === null ? undefined : `${at} must be absent`);
const absent: Check = (v, at) => (v === undefined ? undefined : `${at} must be absent`);
/** A change to a range, or (no range) the whole new text. */
const contentChange = either(object({ range, rangeLength: optional(uinteger), text: string }), object({ range: absent, rangeLength: absent, text: string }));
const capabilityGroup = optional(object({}));

/** The params of every request the server answers. */
export const REQUEST_PARAMS: Readonly<Record<string, Check>> = {
  initialize: request({
    processId: optional(nullable(integer)),
    rootUri: optional(nullable(string)),
    rootPath: optional(nullable(string)),
    workspaceFolders: optional(nullable(array(object({ uri: string, name: optional(string) })))),
    capabilities: object({ workspace: capabilityGroup, textDocument: capabilityGroup, window: capabilityGroup, general: capabilityGroup, notebookDocument: capabilityGroup }),
    initializationOptions: optional(nullable(object({ files: optional(record(string)), readOnly: optional(boolean), codegen: optional(boolean) }))),
    trace: optional(oneOf('off', 'messages', 'verbose')),
    clientInfo: optional(object({ name: string, version: optional(string) })),
    locale: optional(string),
  }),
  shutdown: none,
  'textDocument/completion': atPosition({ context: optional(object({ triggerKind: integer, triggerCharacter: optional(string) })) }),
  'completionItem/resolve': object({ label: string, data: optional(nullable(object({ path: optional(string), key: optional(string) }))) }),
  'textDocument/hover': atPosition(),
  'textDocument/definition': atPosition(),
  'textDocument/references': atPosition({ context: object({ includeDeclaration: boolean }) }),
  'textDocument/prepareRename': atPosition(),
  'textDocument/rename': atPosition({ newName: string }),
  'textDocument/documentHighlight': atPosition(),
  'textDocument/documentSymbol': onDocument(),
  'textDocument/foldingRange': onDocument(),
  'textDocument/semanticTokens/full': onDocument(),
  'textDocument/signatureHelp': atPosition({ context: optional(object({ triggerKind: integer, isRetrigger: boolean })) }),
  'textDocument/formatting': onDocument({ options: optional(object({ tabSize: optional(uinteger), insertSpaces: optional(boolean) })) }),
  'textDocument/codeLens': onDocument(),
  'textDocument/codeAction': onDocument({ range, context: optional(object({ diagnostics: optional(array(object({}))) })) }),
  'workspace/executeCommand': request({ command: string, arguments: optional(array(anything)) }),
};

/** The params of every notification the server acts on (`exit` is always honoured, whatever its params). */
export const NOTIFICATION_PARAMS: Readonly<Record<string, Check>> = {
  initialized: optional(nullable(object({}))),
  exit: anything,
  '$/cancelRequest': object({ id }),
  '$/setTrace': object({ value: oneOf('off', 'messages', 'verbose') }),
  'textDocument/didOpen': object({ textDocument: object({ uri: string, languageId: string, version: integer, text: string }) }),
  'textDocument/didChange': object({
    textDocument: object({ uri: string, version: integer }),
    contentChanges: array(contentChange),
  }),
  'textDocument/didClose': object({ textDocument }),
  'workspace/didChangeWatchedFiles': object({ changes: array(object({ uri: string, type: integer })) }),
  'houserules/setFiles': object({ files: record(string), readOnly: optional(boolean) }),
  'houserules/setCoverage': object({ runs: array(object({ scenario: string, rules: record(uinteger), tests: uinteger })) }),
};
