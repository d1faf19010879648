// The package.json's contributions against their sources: the schema catalog, @dbkit/schema's files, the settings
// the client reads and the commands it registers.
import { readdirSync, readFileSync } from 'node:fs';
import { AUTOMATION_CONFIG_FILE_MATCH, schemaFiles } from '@dbkit/schema';
import { describe, expect, it } from 'vitest';
import {
  AUTOMATION_SCHEMA_FILE,
  Command,
  DEPLOYED_SCHEME,
  LANGUAGE_ID,
  PLAN_LANGUAGE_ID,
  SCHEMA_DIR,
} from '../src/lib/constants.ts';

const root = new URL('../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');
const manifest = JSON.parse(read('package.json'));
const contributes = manifest.contributes;

describe('package.json', () => {
  it('contributes the language with exactly the catalog’s file patterns', () => {
    // The other language is the plan document's (dbkit: Compare with…), which no file pattern selects.
    expect(contributes.languages).toHaveLength(2);
    const [language, plan] = contributes.languages;
    expect(plan).toEqual({ id: PLAN_LANGUAGE_ID, aliases: ['dbkit Plan'] });
    expect(language.id).toBe(LANGUAGE_ID);
    expect(language.aliases[0]).toBe('Automation Config (dbkit)');
    expect(language.filenamePatterns).toEqual(AUTOMATION_CONFIG_FILE_MATCH);
  });

  it('activates only on automation configs and its commands', () => {
    expect(manifest.activationEvents).toEqual([
      `onLanguage:${LANGUAGE_ID}`,
      ...AUTOMATION_CONFIG_FILE_MATCH.map((p) => `workspaceContains:**/${p}`),
      // A deployed config reopened with the window (`dbkit://…`) needs its file system before anything else.
      `onFileSystem:${DEPLOYED_SCHEME}`,
      // A diagnostic's code link (`<scheme>://dbkit.dbkit-vscode/codes/DBK202`) reaches the uri handler.
      'onUri',
    ]);
    // Commands contributed in `contributes.commands` activate the extension by themselves (VS Code ≥ 1.74).
    expect(manifest.activationEvents.some((e: string) => e === 'onLanguage:json' || e === '*')).toBe(false);
  });

  it('colours with the JSON grammar and edits with JSON’s brackets, without comments', () => {
    expect(JSON.parse(read('syntaxes/dbkit-automation.tmLanguage.json'))).toEqual({
      scopeName: 'source.dbkit-automation',
      patterns: [{ include: 'source.json' }],
    });
    expect(contributes.grammars).toEqual([
      {
        language: LANGUAGE_ID,
        scopeName: 'source.dbkit-automation',
        path: './syntaxes/dbkit-automation.tmLanguage.json',
      },
      { language: PLAN_LANGUAGE_ID, scopeName: 'text.dbkit-plan', path: './syntaxes/dbkit-plan.tmLanguage.json' },
    ]);
    const configuration = JSON.parse(read('language-configuration.json'));
    expect(configuration.comments).toBeUndefined();
    expect(configuration.brackets).toEqual([
      ['{', '}'],
      ['[', ']'],
    ]);
  });

  it('gives plain JSON every bundled schema: the automation config by its patterns, the API documents by name', () => {
    const byUrl = new Map(
      contributes.jsonValidation.map((entry: { url: string; fileMatch: string[] }) => [entry.url, entry.fileMatch]),
    );
    for (const file of schemaFiles) {
      const url = `./${SCHEMA_DIR}/${file.file}`;
      expect(byUrl.has(url), url).toBe(true);
      // JSON Schema files are not documents: `automation-config.*.json` would match automation-config.schema.json.
      if (file.fileMatch) expect(byUrl.get(url)).toEqual([...file.fileMatch, '!*.schema.json']);
      else expect(byUrl.get(url)).toContain(`*.${file.name}.json`);
    }
    expect(byUrl.has(`./${SCHEMA_DIR}/${AUTOMATION_SCHEMA_FILE}`)).toBe(true);
  });

  it('declares the settings the client reads', () => {
    const properties = contributes.configuration.properties;
    expect(Object.keys(properties).sort()).toEqual([
      'dbkit.codes.baseUrl',
      'dbkit.diagnostics.severityOverrides',
      'dbkit.enable',
      'dbkit.files.associations',
      'dbkit.trace.server',
    ]);
    expect(properties['dbkit.diagnostics.severityOverrides'].additionalProperties.enum).toEqual([
      'error',
      'warning',
      'information',
      'hint',
      'off',
    ]);
    expect(properties['dbkit.trace.server'].enum).toEqual(['off', 'messages', 'verbose']);
  });

  it('contributes every command the extension registers, titled "dbkit: …"', () => {
    // Each feature registers its commands in its own file of src/common/.
    const files = readdirSync(new URL('src/common/', root)).filter((name) => name.endsWith('.ts'));
    const source = files.map((name) => read(`src/common/${name}`)).join('\n');
    const commands = contributes.commands.map((c: { command: string; category: string }) => c.command);
    expect(commands.sort()).toEqual(Object.values(Command).sort());
    for (const command of contributes.commands) expect(command.category).toBe('dbkit');
    for (const key of Object.keys(Command)) expect(source).toContain(`Command.${key}`);
  });

  it('offers dbkit: Compare with… only where an automation config is shown', () => {
    const title = contributes.commands.find((c: { command: string }) => c.command === Command.compareWith);
    expect(`${title.category}: ${title.title}`).toBe('dbkit: Compare with…');
    for (const [menu, context] of [
      ['commandPalette', 'editorLangId'],
      ['editor/title', 'resourceLangId'],
      ['editor/context', 'resourceLangId'],
    ]) {
      expect(contributes.menus[menu!], menu).toContainEqual(
        expect.objectContaining({ command: Command.compareWith, when: `${context} == ${LANGUAGE_ID}` }),
      );
    }
  });

  it('packages the images the manifest and the README show', () => {
    const allowed = read('.vscodeignore')
      .split('\n')
      .filter((line) => line.startsWith('!'))
      .map((line) => line.slice(1));
    const images = [
      manifest.icon,
      manifest.contributes.languages[0].icon.light,
      ...[...read('README.md').matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]),
    ].map((path: string) => path.replace(/^\.\//, ''));
    for (const image of images) {
      expect(allowed, image).toContain(image);
      expect(read(image).length, image).toBeGreaterThan(0);
    }
  });

  it('is packaged from the bundles alone', () => {
    expect(manifest.main).toBe('./dist/extension.js');
    expect(manifest.browser).toBe('./dist/browserExtension.js');
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.scripts.package).toMatch(/^vsce package --no-dependencies\b/);
  });
});
