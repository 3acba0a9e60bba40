// Download the author's files: one `.rules` file as itself, several as a zip that keeps their folders.
import { strToU8, zipSync } from 'fflate';

export interface Download {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export function downloadOf(files: Record<string, string>, zipName = 'houserules-playground.zip'): Download | null {
  const paths = Object.keys(files).sort();
  if (paths.length === 0) return null;
  if (paths.length === 1) {
    const path = paths[0]!;
    return { name: path.slice(path.lastIndexOf('/') + 1), type: 'text/plain', bytes: strToU8(files[path]!) };
  }
  const tree: Record<string, Uint8Array> = {};
  for (const path of paths) tree[path] = strToU8(files[path]!);
  return { name: zipName, type: 'application/zip', bytes: zipSync(tree, { level: 6 }) };
}

/** Hands the bytes to the browser as a file to save. */
export function saveDownload(d: Download): void {
  const url = URL.createObjectURL(new Blob([d.bytes as BlobPart], { type: d.type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = d.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
