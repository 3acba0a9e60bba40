/**
 * The language server's budgets: what a client can make big. An editor is
 * trusted to send what it has, but the server bounds every size anyway, so a
 * buggy or hostile client costs bounded time and memory. Documented in
 * docs/safety.md ("Budgets"); a test checks the table there against these
 * constants. A document's own size is the compiler's budget
 * (`MAX_SOURCE_BYTES`): beyond it, an open document gets one diagnostic and no
 * analysis.
 */

/** Bytes of one message's content (its `Content-Length`); a longer message is skipped unread. A 2 MB document escaped as JSON fits. */
export const MAX_LSP_MESSAGE_BYTES = 32 * 1024 * 1024;

/** Bytes of the header part of one message (editors send one or two short lines). */
export const MAX_LSP_HEADER_BYTES = 4096;

/** Levels of nesting in one message (LSP's deepest, the client's capabilities, are ~8): a deeper one is refused before anything walks it. */
export const MAX_LSP_JSON_DEPTH = 64;

/** Workspace folders the Node server reads from (`initialize`'s `workspaceFolders`); more are not read from. */
export const MAX_WORKSPACE_FOLDERS = 100;

/** Documents the server follows at once (an editor opens the ones shown); more are not followed, with a warning. */
export const MAX_OPEN_DOCUMENTS = 1000;

/** Files a client may give the server (`houserules/setFiles`, `initializationOptions.files`: the playground's gallery). */
export const MAX_GIVEN_FILES = 10_000;

/** Characters of text the server holds: every open document and given file together. */
export const MAX_HELD_TEXT = 64 * 1024 * 1024;

/**
 * Characters copied to apply one `didChange` (each change in it copies the
 * document once): bounds an edit of many changes to a huge document. Beyond
 * it the document is no longer followed, with a warning.
 */
export const MAX_EDIT_WORK = 256 * 1024 * 1024;

/** URIs spelled otherwise than their path's own `file:` URI (`untitled:…`) remembered to answer in the client's spelling; later ones are answered as `file:` URIs. */
export const MAX_REMEMBERED_URIS = 20_000;
