/**
 * Local files: read one the user picked or dropped (text only; a binary file gets a message, not an editor full
 * of noise), and download the edited document. Nothing leaves the browser.
 */
export type ReadResult =
  | { readonly ok: true; readonly fileName: string; readonly text: string }
  | { readonly ok: false; readonly error: string };

/** Larger documents would make the page unresponsive to open; the CLI handles them. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** Checks the bytes of a file: UTF-8 text without NUL characters. */
export function decodeText(fileName: string, bytes: Uint8Array): ReadResult {
  if (bytes.length > MAX_FILE_BYTES)
    return { ok: false, error: `${fileName} is too large for the playground (over 64 MB): use \`dbkit validate\`.` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: `${fileName} is not a text file: open a JSON document.` };
  }
  if (text.includes('\u0000')) return { ok: false, error: `${fileName} is not a text file: open a JSON document.` };
  return { ok: true, fileName, text: text.replace(/^\uFEFF/, '') };
}

export async function readFile(file: File): Promise<ReadResult> {
  try {
    return decodeText(file.name, new Uint8Array(await file.arrayBuffer()));
  } catch {
    return { ok: false, error: `${file.name} could not be read.` };
  }
}

export function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
