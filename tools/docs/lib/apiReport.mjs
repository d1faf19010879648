// The public API of each published package as a reviewed file: API Extractor's report of every entry point a user
// imports (`<package>/api/<name>.api.md`), written by `pnpm --filter @dbkit/docs gen` and compared by a test, so a
// change of the exported surface shows in review. Subpaths named `internal` make no promise and have no report;
// entry points that start a program (`node`, `browser`) export nothing to review.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { REPO_ROOT } from './repo.mjs';

/** Every reviewed entry point: the package folder, its export, and the report's name. */
export const API_ENTRY_POINTS = [
  { folder: 'packages/core', subpath: '.', report: 'core' },
  { folder: 'packages/core', subpath: './digest', report: 'core-digest' },
  { folder: 'packages/core', subpath: './agents', report: 'core-agents' },
  { folder: 'packages/core', subpath: './explain', report: 'core-explain' },
  { folder: 'packages/schema', subpath: '.', report: 'schema' },
  { folder: 'packages/schema', subpath: './fileMatch', report: 'schema-fileMatch' },
  { folder: 'packages/client', subpath: '.', report: 'client' },
  { folder: 'packages/language-server', subpath: '.', report: 'language-server' },
  { folder: 'packages/language-server', subpath: './server', report: 'language-server-server' },
  { folder: 'apps/server', subpath: '.', report: 'server' },
];

/** The report's path from the repository's root. */
export const reportPath = (entry) => `${entry.folder}/api/${entry.report}.api.md`;

const QUIET = { default: { logLevel: 'none' } };

/**
 * Runs API Extractor on one entry point's declarations (the package must be built). `update`: write the report;
 * else compare with the committed one. Returns whether the report is (now) as the code gives it.
 * @param {{ folder: string, subpath: string, report: string }} entry
 * @param {{ update: boolean, reportFolder?: string }} options `reportFolder`: where the committed report is read
 *   (default `<package>/api/`).
 * @returns {{ entry: typeof entry, upToDate: boolean, problem?: string }}
 */
export function runApiReport(entry, { update, reportFolder }) {
  const packageFolder = join(REPO_ROOT, entry.folder);
  const manifest = JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8'));
  const target = manifest.exports?.[entry.subpath];
  const types = typeof target === 'object' && target !== null ? target.types : undefined;
  if (typeof types !== 'string')
    return { entry, upToDate: false, problem: `${entry.folder} exports no types at ${entry.subpath}` };
  const temp = mkdtempSync(join(tmpdir(), 'dbkit-api-'));
  if (update) mkdirSync(join(packageFolder, 'api'), { recursive: true });
  try {
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: packageFolder,
        mainEntryPointFilePath: join(packageFolder, types),
        compiler: {
          overrideTsconfig: {
            compilerOptions: {
              strict: true,
              module: 'nodenext',
              moduleResolution: 'nodenext',
              target: 'es2022',
              lib: ['es2022', 'dom'],
              types: ['node'],
              skipLibCheck: true,
            },
            include: [join(packageFolder, 'dist/**/*.d.ts')],
          },
        },
        newlineKind: 'lf',
        apiReport: {
          enabled: true,
          reportFolder: reportFolder ?? join(packageFolder, 'api'),
          reportTempFolder: temp,
          reportFileName: `${entry.report}.api.md`,
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: { compilerMessageReporting: QUIET, extractorMessageReporting: QUIET, tsdocMessageReporting: QUIET },
      },
      // A path of its own per run: API Extractor keeps what it read per config path.
      configObjectFullPath: join(temp, 'api-extractor.json'),
      packageJsonFullPath: join(packageFolder, 'package.json'),
    });
    const errors = [];
    const result = Extractor.invoke(config, {
      localBuild: update,
      showVerboseMessages: false,
      messageCallback: (message) => {
        if (message.logLevel === 'error') errors.push(message.text);
        message.handled = true;
      },
    });
    if (!result.apiReportChanged && errors.length > 0) return { entry, upToDate: false, problem: errors.join('\n') };
    return { entry, upToDate: update ? errors.length === 0 : !result.apiReportChanged };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
