/**
 * The README's TypeScript examples compile against the package as it is: each ```ts block becomes a module that
 * imports `../src/index.js` instead of `@dbkit/client`, checked with the package's compiler options.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');

function typeCheck(sources: ReadonlyMap<string, string>): readonly string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('cannot read tsconfig.json');
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => sources.has(resolve(file)) || fileExists.call(host, file);
  host.readFile = (file) => sources.get(resolve(file)) ?? readFile.call(host, file);
  host.getSourceFile = (file, version, ...rest) => {
    const text = sources.get(resolve(file));
    return text === undefined
      ? getSourceFile.call(host, file, version, ...rest)
      : ts.createSourceFile(file, text, version, true);
  };
  const program = ts.createProgram({ rootNames: [...sources.keys()], options: config.options, host });
  return [...sources.keys()].flatMap((file) => {
    const source = program.getSourceFile(file);
    if (source === undefined) return [`lost ${file}`];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${file}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  });
}

describe('README examples', () => {
  it('has examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
  });

  it('every ```ts block type-checks against the package', () => {
    const sources = new Map(
      blocks.map((code, index) => [
        join(ROOT, 'test', `__readme_${index}.ts`),
        `${code.replaceAll("'@dbkit/client'", "'../src/index.js'")}\nexport {};\n`,
      ]),
    );
    expect(typeCheck(sources)).toEqual([]);
  });
});
