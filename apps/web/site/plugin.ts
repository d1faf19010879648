/**
 * A Vite plugin that adds the schema download site to the build: each schema at the path of its `$id`, the
 * catalog, the page that lists them (`schema/index.html`), and the codes' reference (`codes/`).
 */
import type { Plugin } from 'vite';
import { codeSiteFiles } from './codePages.ts';
import { readSchemaFiles } from './schemaFiles.ts';
import { renderSchemaPage } from './schemaPage.ts';

export function schemaSite(schemaDir: string, automationFileMatch: readonly string[]): Plugin {
  return {
    name: 'dbkit-schema-site',
    apply: 'build',
    generateBundle() {
      const files = readSchemaFiles(schemaDir);
      for (const file of files) {
        this.emitFile({ type: 'asset', fileName: file.sitePath, source: file.bytes });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'schema/index.html',
        source: renderSchemaPage(files, automationFileMatch),
      });
      for (const file of codeSiteFiles()) this.emitFile({ type: 'asset', ...file });
    },
  };
}
