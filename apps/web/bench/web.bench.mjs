// The playground measured against its floor, in Debian's Chromium (headless, playwright-core): the production build
// (dist/, served by bin/dbkit-web.mjs) and a bare-monaco floor page (bench/floor/: the same monaco chunks, editor
// options, tokens, theme and example, no dbkit), built into bench-out/floor/ and served by the same server.
// Goals, on medians of cold pages loaded interleaved (playground, floor, playground, floor…):
//   navigation → editor shows the example ≤ 1.15× the floor's · → first markers ≤ the floor's editor time + 250 ms ·
//   keystroke → completion visible ≤ 100 ms (the floor: monaco's own list answered at once) ·
//   longest main-thread task while typing ≤ 50 ms; the initial load (≤ 1.5 MB gzipped) and a 3 MB paste (≤ 1 s).
// Steps act as a user does (steps.mjs); the floor page marks each version validated once drawn, so they run unchanged.
// Prints a table with PASS/MISS and exits 0 either way (benchmarks report, they do not gate); exits 1 only when
// the build or the browser is missing. Run from the root with `pnpm bench`, or here with `pnpm run bench`.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, ensureChromium } from '@dbkit/browser-test';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { generateConfig, serialize } from '../../../packages/core/bench/generate.mjs';
import { reportBench, times } from '../../../tools/bench-report.mjs';
import { completionTimes, goTo, locateAll, longestTaskWhileTyping, pasteAndTime } from './steps.mjs';

const PACKAGE_DIR = resolve(import.meta.dirname, '..');
const DIST = join(PACKAGE_DIR, 'dist');
const FLOOR_SOURCE = join(PACKAGE_DIR, 'bench', 'floor');
const FLOOR = join(PACKAGE_DIR, 'bench-out', 'floor');
/** Cold navigations of each page (the median is reported): page loads vary more than the other steps. */
const NAVIGATIONS = 9;
/** Pastes of the 3 MB config into each page. */
const PASTES = 5;
/** Bursts of typing, each into another member's host, on each page: the longest task of each, then the median. */
const TYPINGS = 7;
/** Keystrokes timed to a visible completion list, on each page. */
const COMPLETIONS = 9;

if (!existsSync(join(DIST, 'index.html'))) {
  console.error('no build: run `npx --yes pnpm@10.34.8 exec turbo run build --filter=@dbkit/web...` first');
  process.exit(1);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value)} ms`;
const modified = (path) => statSync(path).mtimeMs;

/** Builds the floor page unless it is newer than the site (so the same monaco build) and its own sources. */
async function buildFloor() {
  const built = join(FLOOR, 'index.html');
  const sources = readdirSync(FLOOR_SOURCE).map((name) => join(FLOOR_SOURCE, name));
  if (existsSync(built) && [join(DIST, 'index.html'), ...sources].every((file) => modified(file) < modified(built)))
    return;
  console.log('building the floor page (bench-out/floor/)…');
  await build({ configFile: join(FLOOR_SOURCE, 'vite.config.ts') });
}

/** bin/dbkit-web.mjs over `dir`: the same server, headers and caching for both pages. */
function startServer(dir) {
  const child = spawn(process.execPath, [join(PACKAGE_DIR, 'bin', 'dbkit-web.mjs'), '--port', '0', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: '' },
  });
  return new Promise((found, failed) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /dbkit playground: (http:\/\/\S+)/.exec(out);
      if (match) found({ child, url: match[1].replace('localhost', '127.0.0.1') });
    });
    child.on('exit', (code) => failed(new Error(`server exited ${code}`)));
  });
}

await buildFloor();
const playground = await startServer(DIST);
const floor = await startServer(FLOOR);
const browser = await chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS] });

/** A cold page (new context, empty cache) at `server`'s origin. */
async function newPage(server) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  page.on('crash', () => console.error('the page crashed'));
  page.setDefaultTimeout(30_000);
  return page;
}

/** ms from navigation to the editor showing the document, and (the playground only) to its first markers. */
async function waitUsable(page, withMarkers) {
  const mark = withMarkers ? 'firstValidatedMs' : 'editorReadyMs';
  await page.waitForFunction((name) => document.body.dataset[name] !== undefined, mark);
  return page.evaluate(() => ({
    editor: Number(document.body.dataset.editorReadyMs),
    markers: Number(document.body.dataset.firstValidatedMs),
  }));
}

/** Every byte fetched until the page is usable, gzipped, on a cold page. */
async function initialLoad(server, withMarkers) {
  const page = await newPage(server);
  const bodies = [];
  page.on('response', (response) => bodies.push(response.body().catch(() => Buffer.alloc(0))));
  await page.goto(server.url);
  await waitUsable(page, withMarkers);
  const gzipped = (await Promise.all(bodies)).reduce((sum, body) => sum + gzipSync(body).length, 0);
  await page.context().close();
  return gzipped;
}

/** One cold navigation, timed in the page's own clock. */
async function coldLoad(server, withMarkers) {
  const page = await newPage(server);
  await page.goto(server.url);
  const load = await waitUsable(page, withMarkers);
  await page.context().close();
  return load;
}

// 1: the initial load, on a navigation of its own: reading each body back through the DevTools protocol slows the
// load it would time. It also pays for starting the browser's renderer, which a user's running browser has done.
const gzipped = { playground: await initialLoad(playground, true), floor: await initialLoad(floor, false) };

// 2: navigation → editor and → first markers, interleaved so that both pages meet the same machine load.
const loads = { playground: [], floor: [] };
for (let run = 0; run < NAVIGATIONS; run++) {
  loads.playground.push(await coldLoad(playground, true));
  loads.floor.push(await coldLoad(floor, false));
}

// 3, 4 and 5: a generated config of about 3 MB (430 shards of 3 members, 20 routers: 1 313 processes), pasted into
// both pages; the floor's paste is done once the editor has drawn the text (it has nothing to validate).
const text = serialize(generateConfig({ shards: 430, membersPerShard: 3, routers: 20 }));
const processes = (text.match(/"processType"/g) ?? []).length;
const pages = { playground: await newPage(playground), floor: await newPage(floor) };
await pages.playground.goto(playground.url);
await waitUsable(pages.playground, true);
await pages.floor.goto(floor.url);
await waitUsable(pages.floor, false);
const pastes = { playground: [], floor: [] };
for (let run = 0; run < PASTES; run++) {
  pastes.playground.push(await pasteAndTime(pages.playground, text));
  pastes.floor.push(await pasteAndTime(pages.floor, text));
}
const [host, ...typedHosts] = locateAll(text, '"host": "', '"members"', 1 + TYPINGS);
const typings = { playground: [], floor: [] };
for (const typed of typedHosts) {
  for (const [name, page] of Object.entries(pages)) {
    await goTo(page, typed.line, typed.column + 9);
    typings[name].push(await longestTaskWhileTyping(page, 'abcdefghij'));
  }
}
const completions = { playground: [], floor: [] };
for (let run = 0; run < COMPLETIONS; run++) {
  completions.playground.push(...(await completionTimes(pages.playground, host, 1)));
  completions.floor.push(...(await completionTimes(pages.floor, host, 1)));
}

await browser.close();
playground.child.kill('SIGTERM');
floor.child.kill('SIGTERM');

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const medians = (runs) => ({ playground: median(runs.playground), floor: median(runs.floor) });
const editor = medians({ playground: loads.playground.map((l) => l.editor), floor: loads.floor.map((l) => l.editor) });
const markers = median(loads.playground.map((l) => l.markers));
const paste = medians(pastes);
const completion = medians(completions);
const longest = medians(typings);
const tasks = (value) => (value === 0 ? 'none ≥ 50 ms' : ms(value));
const rows = [
  {
    goal: 'initial load, gzipped',
    target: '≤ 1.5 MB',
    measured: mb(gzipped.playground),
    floor: mb(gzipped.floor),
    ratio: gzipped.playground / gzipped.floor,
    pass: gzipped.playground <= 1.5 * 1024 * 1024,
  },
  {
    goal: 'navigation → editor shows the example (median)',
    target: '≤ 1.15× floor',
    measured: ms(editor.playground),
    floor: ms(editor.floor),
    ratio: editor.playground / editor.floor,
    pass: editor.playground <= 1.15 * editor.floor,
  },
  {
    goal: 'navigation → its first markers (median)',
    target: '≤ floor + 250 ms',
    measured: ms(markers),
    floor: `${ms(editor.floor)} (editor)`,
    ratio: markers / editor.floor,
    pass: markers <= editor.floor + 250,
  },
  {
    goal: `${mb(text.length)} config (${processes} processes) pasted → first markers (median)`,
    target: '≤ 1000 ms',
    measured: ms(paste.playground),
    floor: `${ms(paste.floor)} (drawn)`,
    ratio: paste.playground / paste.floor,
    pass: paste.playground <= 1000,
  },
  {
    goal: 'longest main-thread task while typing (median)',
    target: '≤ 50 ms',
    measured: tasks(longest.playground),
    floor: tasks(longest.floor),
    ratio: longest.floor > 0 ? longest.playground / longest.floor : undefined,
    pass: longest.playground <= 50,
  },
  {
    goal: 'keystroke → completion visible (median)',
    target: '≤ 100 ms',
    measured: ms(completion.playground),
    floor: `${ms(completion.floor)} (a fixed list)`,
    ratio: completion.playground / completion.floor,
    pass: completion.playground <= 100,
  },
];
console.log('| measure | target | measured | floor | ratio | |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of rows)
  console.log(
    `| ${row.goal} | ${row.target} | ${row.measured} | ${row.floor} | ${row.ratio === undefined ? '—' : times(row.ratio)} | ${row.pass ? 'PASS' : 'MISS'} |`,
  );
const list = (values) => values.map(Math.round).join(', ');
console.log(`(navigation runs, playground editor/markers: ${loads.playground.map((l) => `${l.editor}/${l.markers}`).join(', ')} ms;
 floor editor: ${list(loads.floor.map((l) => l.editor))} ms;
 paste runs: ${list(pastes.playground)} ms, floor ${list(pastes.floor)} ms;
 longest task of each typing run (0: none ≥ 50 ms): ${list(typings.playground)} ms, floor ${list(typings.floor)} ms;
 completion runs: ${list(completions.playground)} ms, floor ${list(completions.floor)} ms)`);

reportBench('web', {
  rows,
  notes: [
    `The floor is a bare-monaco page: the same monaco chunks, editor options, tokens, theme and example, no dbkit (bench/floor/); its completion answers a fixed list as long as the playground's longest (200 items) at once.`,
    `Medians of ${NAVIGATIONS} cold navigations of each page, interleaved; ${PASTES} pastes, ${TYPINGS} bursts of typing and ${COMPLETIONS} completions on each, interleaved; the initial load is counted on one more cold page each.`,
  ],
});
