/**
 * Each dbkit code links to its reference page (LSP 3.16 `Diagnostic.codeDescription`): VS Code and neovim make the
 * code a link. The pages are `<base>DBK202`; the base is the schema site's `/codes/` by default, or what the client
 * gives (`initializationOptions.dbkit.codes.baseUrl`): a local schema site, or the extension's own pages.
 */
import type { Diagnostic } from 'vscode-languageserver-types';

/** Where the reference pages are when the client names no other place: the host of the schemas' `$id`. */
export const DEFAULT_CODES_BASE_URL = 'https://dbkit.dev/codes/';

const DBK_CODE = /^DBK\d{3}$/;

/**
 * A function that gives each dbkit diagnostic its page (the same `codeDescription` object for every diagnostic of
 * a code); diagnostics of other codes (JSON syntax) are left as they are.
 *
 * @example
 * describeCodes('http://localhost:5178/codes/')([{ code: 'DBK202', … }])[0].codeDescription;
 * // { href: 'http://localhost:5178/codes/DBK202' }
 */
export function describeCodes(baseUrl: string = DEFAULT_CODES_BASE_URL): (diagnostics: Diagnostic[]) => Diagnostic[] {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const descriptions = new Map<string, { readonly href: string }>();
  return (diagnostics) => {
    for (const diagnostic of diagnostics) {
      const { code } = diagnostic;
      if (typeof code !== 'string' || !DBK_CODE.test(code)) continue;
      let description = descriptions.get(code);
      if (description === undefined) {
        description = { href: `${base}${code}` };
        descriptions.set(code, description);
      }
      diagnostic.codeDescription = description;
    }
    return diagnostics;
  };
}
