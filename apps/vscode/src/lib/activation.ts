/**
 * The output channel's line at activation: which version of the extension runs (its package.json's, as VS Code
 * read it) and where its language server runs.
 */
export function activationLine(manifest: { readonly version?: unknown }, serverKind: string): string {
  const version = typeof manifest.version === 'string' ? manifest.version : 'of unknown version';
  return `dbkit ${version} activated; language server: ${serverKind}`;
}
