// @ts-check
// A static file server over `dist/`: GET and HEAD, `index.html` for folders, 404 for anything else, never a path
// outside the folder. Schemas and the catalog are readable from any origin (`Access-Control-Allow-Origin: *`), as
// editors fetch them from wherever they run.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { contentTypeOf } from './contentTypes.mjs';

/** @param {string} root @param {string} urlPath @returns {string | undefined} the file path, or undefined when it leaves the root */
export function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const path = normalize(join(root, decoded));
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep) ? path : undefined;
}

/** @param {string} path */
async function fileAt(path) {
  const info = await stat(path).catch(() => undefined);
  if (info?.isDirectory()) {
    const index = join(path, 'index.html');
    const indexInfo = await stat(index).catch(() => undefined);
    return indexInfo?.isFile() ? { path: index, size: indexInfo.size } : undefined;
  }
  return info?.isFile() ? { path, size: info.size } : undefined;
}

/** @param {string} root the built site (`dist/`) */
export function createStaticServer(root) {
  return createServer(async (request, response) => {
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end('method not allowed\n');
      return;
    }
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    const resolved = resolveInside(root, urlPath);
    const file = resolved === undefined ? undefined : await fileAt(resolved);
    if (file === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('not found\n');
      return;
    }
    /** @type {Record<string, string | number>} */
    const headers = {
      'content-type': contentTypeOf(file.path),
      'content-length': file.size,
      'x-content-type-options': 'nosniff',
      // Hashed bundles never change; everything else is checked again.
      'cache-control': urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (urlPath.startsWith('/schema/')) headers['access-control-allow-origin'] = '*';
    response.writeHead(200, headers);
    if (method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(file.path)
      .on('error', () => response.destroy())
      .pipe(response);
  });
}
