/**
 * The codes' reference pages inside VS Code. Each diagnostic's code links (`codeDescription.href`) to
 * `<uri scheme>://dbkit.dbkit-vscode/codes/DBK202`, a uri VS Code hands to the extension's uri handler, which opens
 * the code's entry (`@dbkit/core/explain`) in the Markdown preview: offline, in desktop VS Code, code-server and
 * VS Code for the Web. `dbkit.codes.baseUrl` sends the links to a site instead (`npm start`'s `/codes/`).
 */

/** The extension's id, the authority of the uris VS Code hands to its uri handler. */
export const EXTENSION_ID = 'dbkit.dbkit-vscode';

/** The scheme of the read-only Markdown documents a code's page is previewed from: `dbkit-code:/DBK202.md`. */
export const CODE_PAGE_SCHEME = 'dbkit-code';

/** Where the links of the diagnostics go: the setting when it names an http(s) URL, else the extension's pages. */
export function codesBaseUrl(setting: unknown, uriScheme: string): string {
  if (typeof setting === 'string' && /^https?:\/\//.test(setting.trim())) {
    const url = setting.trim();
    return url.endsWith('/') ? url : `${url}/`;
  }
  return `${uriScheme}://${EXTENSION_ID}/codes/`;
}

/** The code a handed uri's path names (`/codes/DBK202`, `/DBK202.md`), upper case; undefined for other paths. */
export function codeOfPath(path: string): string | undefined {
  const match = /^\/(?:codes\/)?(dbk\d{3})(?:\.md)?\/?$/i.exec(path);
  return match?.[1]?.toUpperCase();
}

/** The path of a code's Markdown document: `/DBK202.md`. */
export function codeDocumentPath(code: string): string {
  return `/${code}.md`;
}
