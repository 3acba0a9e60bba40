/**
 * What the Houserules server adds to LSP: notifications and commands the
 * playground and the editor clients use (documented in the package README).
 */

/** Client → server: files the open documents may load (the page's scenario gallery), by URI. */
export const HOUSERULES_SET_FILES = 'houserules/setFiles';

export interface SetFilesParams {
  files: Record<string, string>;
  /** default true: rename refuses to edit them */
  readOnly?: boolean;
}
