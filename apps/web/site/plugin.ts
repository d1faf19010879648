/**
 * A Vite plugin that adds the schema download site to the build: each schema at the path of its `$id`, the
 * catalog, and the page that lists them (`schema/index.html`).
 */
import type { Plugin } from 'vite';
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
    },
  };
}
