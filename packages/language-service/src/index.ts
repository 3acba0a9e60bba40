/** @houserules/language-service: editor features for `.rules` files, in LSP's types. */
export { LanguageService, createLanguageService, internalErrorCount, type LanguageServiceOptions, type RequestOptions } from './language-service.ts';
export { Workspace, type Analysis, type WorkspaceOptions } from './workspace/workspace.ts';
export { RulesDocument } from './workspace/rules-document.ts';
export { LineIndex } from './positions/positions.ts';
export { UriMapping } from './positions/uri-mapping.ts';
export type { RuleFirings } from './features/coverage-store.ts';
export type { RenameRefusal } from './features/rename.ts';
export { SEMANTIC_TOKENS_LEGEND, TOKEN_TYPES, TOKEN_MODIFIERS } from './features/semantic-tokens.ts';
export { RUN_TEST_COMMAND, RUN_TESTS_COMMAND } from './features/code-lens.ts';
