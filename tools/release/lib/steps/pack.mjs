// Step 1: `pnpm pack` every published package, and check each tarball holds what its manifest points at.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTarGz } from '../archive.mjs';
import { tail } from '../context.mjs';
import { danglingSourceMaps, declaresNode, missingTargets, packedByFiles, unwantedFiles } from '../manifest.mjs';
import { run } from '../process.mjs';
import { describeFiles, formatBytes } from '../report.mjs';

/**
 * @param {import('../context.mjs').Context} ctx
 * @param {import('../report.mjs').Recorder} report
 */
export async function pack(ctx, report) {
  const [command = 'npx', ...prefix] = ctx.pnpm;
  const filters = ctx.packages.flatMap((pkg) => ['--filter', String(pkg.manifest.name)]);
  const packed = await run(
    command,
    [...prefix, '--recursive', ...filters, 'pack', '--pack-destination', ctx.packDir, '--json'],
    { cwd: ctx.root, timeoutMs: 120_000 },
  );
  if (packed.code !== 0) {
    report.fail({
      what: `pnpm pack exited with ${packed.timedOut ? 'a timeout' : `code ${packed.code}`}: ${tail(packed.stderr || packed.stdout)}`,
      why: 'without tarballs there is nothing a user could install',
      fix: `run \`pnpm --recursive ${filters.join(' ')} pack\` and fix what it reports`,
    });
    return 'no tarball';
  }
  const listed = JSON.parse(packed.stdout);
  /** @type {{ name: string, version: string, filename: string }[]} */
  const outputs = Array.isArray(listed) ? listed : [listed];

  /** @type {Map<string, Map<string, string[]>>} kind → package → paths */
  const unwanted = new Map();
  for (const pkg of ctx.packages) {
    const name = String(pkg.manifest.name);
    const output = outputs.find((entry) => entry.name === name);
    if (output === undefined) {
      report.fail({
        what: `${name} (${pkg.dir}) was not packed`,
        why: 'its manifest is not private, so a release publishes it',
        fix: `run \`pnpm --filter ${name} pack\` and read its output`,
      });
      continue;
    }
    const buffer = readFileSync(output.filename);
    const entries = readTarGz(buffer).map((entry) => ({ ...entry, path: entry.path.replace(/^package\//, '') }));
    const manifestEntry = entries.find((entry) => entry.path === 'package.json');
    const manifest = manifestEntry ? JSON.parse(manifestEntry.data.toString('utf8')) : {};
    const files = entries.map(({ path, size }) => ({ path, size }));
    ctx.tarballs.push({
      name,
      version: output.version,
      dir: pkg.dir,
      file: output.filename,
      size: buffer.length,
      files,
      manifest,
    });

    const unpacked = files.reduce((sum, file) => sum + file.size, 0);
    report.detail(
      `${name}@${output.version}  ${formatBytes(buffer.length)} (${formatBytes(unpacked)} unpacked), ${files.length} files: ${describeFiles(files.map((file) => file.path))}`,
    );
    if (ctx.listFiles) {
      for (const file of files) report.detail(`    ${file.path}  ${formatBytes(file.size)}`);
    }

    for (const missing of missingTargets(
      manifest,
      files.map((file) => file.path),
    )) {
      const { field, target } = missing;
      report.fail({
        what: `${name}: ${field} names ${target}, which is not in the tarball`,
        why: `a user's import, require or command of it fails with "Cannot find module"`,
        fix: packedByFiles(manifest, missing)
          ? `build ${pkg.dir} before packing (\`pnpm build\`), or correct the path in ${pkg.dir}/package.json`
          : `add ${target.replace(/^\.\//, '').split('/')[0]} to "files" in ${pkg.dir}/package.json`,
      });
    }

    for (const { path, kind } of unwantedFiles(files.map((file) => file.path))) {
      const found = unwanted.get(kind) ?? new Map();
      unwanted.set(kind, found.set(name, [...(found.get(name) ?? []), path]));
    }
    const dangling = danglingSourceMaps(entries);
    if (dangling.length > 0) {
      const example = dangling[0];
      report.warn(
        `${name}: ${dangling.length} of its source maps name sources the tarball lacks (${example?.path} → ${example?.missing[0]}); ship the sources (add src to "files") or build without declarationMap/sourceMap in ${pkg.dir}`,
      );
    }
  }
  for (const [kind, byPackage] of unwanted) {
    const where = [...byPackage]
      .map(
        ([name, paths]) =>
          `${name} (${paths.slice(0, 2).join(', ')}${paths.length > 2 ? `, … ${paths.length} in all` : ''})`,
      )
      .join(', ');
    const fix =
      kind === 'build info'
        ? 'move tsBuildInfoFile out of dist/ in their tsconfig.build.json'
        : 'leave them out of "files", or out of the build output';
    report.warn(`${kind} files a user has no use for: ${where}; ${fix}`);
  }
  const undeclared = ctx.tarballs.filter((tarball) => !declaresNode(tarball.manifest)).map((tarball) => tarball.name);
  if (undeclared.length > 0) {
    const root = /** @type {{ engines?: { node?: string } }} */ (
      JSON.parse(readFileSync(join(ctx.root, 'package.json'), 'utf8'))
    ).engines?.node;
    report.warn(
      `${undeclared.join(', ')} declare${undeclared.length === 1 ? 's' : ''} no engines.node: npm cannot warn a user on a Node too old to require() them; add "engines": { "node": "${root ?? '>=20.19'}" } as the root package.json has`,
    );
  }
  const total = ctx.tarballs.reduce((sum, tarball) => sum + tarball.size, 0);
  return `${ctx.tarballs.length} tarballs, ${formatBytes(total)} in all; checked every exports/main/types/bin target is inside`;
}
