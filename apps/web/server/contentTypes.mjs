// @ts-check
// Content types of the files in `dist/`: schemas as `application/schema+json`, the catalog as `application/json`.

/** @type {Readonly<Record<string, string>>} */
const BY_EXTENSION = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** @param {string} path @returns {string} */
export function contentTypeOf(path) {
  if (path.endsWith('.schema.json')) return 'application/schema+json';
  const dot = path.lastIndexOf('.');
  const extension = dot < 0 ? '' : path.slice(dot).toLowerCase();
  return BY_EXTENSION[extension] ?? 'application/octet-stream';
}
