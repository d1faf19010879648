/**
 * Share by link: the document (and its file name) compressed with deflate-raw and written in base64url into the
 * URL fragment, `#share=…`. A fragment is never sent to a server. Decoding a damaged link gives a message, never
 * an exception.
 */
export const SHARE_KEY = 'share';

export interface SharedDocument {
  readonly fileName: string;
  readonly text: string;
}

export type DecodeResult = ({ readonly ok: true } & SharedDocument) | { readonly ok: false; readonly error: string };

async function pipe(
  bytes: Uint8Array<ArrayBuffer>,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const output = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The fragment (without `#`) that carries the document. */
export async function encodeShare(doc: SharedDocument): Promise<string> {
  const json = JSON.stringify({ n: doc.fileName, t: doc.text });
  const compressed = await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  return `${SHARE_KEY}=${toBase64Url(compressed)}`;
}

/** Whether a fragment (with or without `#`) carries a shared document. */
export function isShareFragment(fragment: string): boolean {
  return fragment.replace(/^#/, '').startsWith(`${SHARE_KEY}=`);
}

const BROKEN = 'This share link is broken or incomplete (was it cut when copied?). The example is shown instead.';

export async function decodeShare(fragment: string): Promise<DecodeResult> {
  const value = fragment.replace(/^#/, '').slice(SHARE_KEY.length + 1);
  const bytes = fromBase64Url(value);
  if (bytes === undefined || bytes.length === 0) return { ok: false, error: BROKEN };
  try {
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      await pipe(bytes, new DecompressionStream('deflate-raw')),
    );
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null) return { ok: false, error: BROKEN };
    const { n, t } = parsed as { n?: unknown; t?: unknown };
    if (typeof n !== 'string' || typeof t !== 'string') return { ok: false, error: BROKEN };
    return { ok: true, fileName: n, text: t };
  } catch {
    return { ok: false, error: BROKEN };
  }
}
