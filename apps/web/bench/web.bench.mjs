// The playground measured against its floor and its peer, in Debian's Chromium (headless, playwright-core): the
// production build (dist/, served by bin/dbkit-web.mjs), a bare-monaco floor page (bench/floor/: the same monaco chunks,
// editor options, tokens, theme and example, no dbkit) and the page a user would otherwise open (bench/jsonmode/: the
// same monaco with monaco's own JSON language and worker given dbkit's automation-config schema), built into
// bench-out/ and served by the same server.
// Goals, on medians of cold pages (a fresh context each, HTTP cache off) loaded interleaved:
//   navigation → editor shows the example ≤ 1.1× the JSON-mode page's · → first markers no later than that page's
//   first markers · nothing the first paint does not need (compare view, service panel, plans, the service client,
//   the API schemas' features) fetched before it · keystroke → completion visible ≤ 100 ms (the floor: monaco's own
//   list answered at once) · longest main-thread task while typing ≤ 50 ms; the initial load (≤ 1.5 MB gzipped) and a
//   3 MB paste (≤ 1 s).
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
const PEER_SOURCE = join(PACKAGE_DIR, 'bench', 'jsonmode');
const PEER = join(PACKAGE_DIR, 'bench-out', 'jsonmode');
/** The lazily loaded chunks the first paint must not fetch: each is for something the user asks for later. */
const LATER_CHUNKS =
  /\/(compareView|compareChooser|servicePanel|serviceMessages|serviceKeys|service|plan|apiFeatures)-[\w-]+\.js$/;
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

/** Builds a bench page unless it is newer than the site (so the same monaco build) and its own sources. */
async function buildPage(source, out) {
  const built = join(out, 'index.html');
  const sources = readdirSync(source).map((name) => join(source, name));
  if (
    existsSync(built) &&
    [join(DIST, 'index.html'), join(PACKAGE_DIR, 'bench', 'pageConfig.ts'), ...sources].every(
      (file) => modified(file) < modified(built),
    )
  )
    return;
  console.log(`building ${out.slice(PACKAGE_DIR.length + 1)}/…`);
  await build({ configFile: join(source, 'vite.config.ts') });
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

await buildPage(FLOOR_SOURCE, FLOOR);
await buildPage(PEER_SOURCE, PEER);
const playground = await startServer(DIST);
const floor = await startServer(FLOOR);
const peer = await startServer(PEER);
const browser = await chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS] });

/** A cold page (new context, HTTP cache off) at `server`'s origin. */
async function newPage(server) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
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

/** One cold navigation, timed in the page's own clock, and the later chunks it fetched before its editor showed. */
async function coldLoad(server, withMarkers) {
  const page = await newPage(server);
  const fetched = [];
  page.on('request', (request) => fetched.push({ url: request.url(), at: Date.now() }));
  await page.goto(server.url);
  const load = await waitUsable(page, withMarkers);
  const shownAt = Date.now() - (await page.evaluate(() => performance.now())) + load.editor;
  await page.context().close();
  const early = fetched.filter((f) => LATER_CHUNKS.test(new URL(f.url).pathname) && f.at <= shownAt);
  return { ...load, early: early.map((f) => new URL(f.url).pathname.split('/').pop()) };
}

// 1: the initial load, on a navigation of its own: reading each body back through the DevTools protocol slows the
// load it would time. It also pays for starting the browser's renderer, which a user's running browser has done.
const gzipped = { playground: await initialLoad(playground, true), floor: await initialLoad(floor, false) };

// 2: navigation → editor and → first markers, interleaved so that both pages meet the same machine load.
const loads = { playground: [], floor: [], peer: [] };
for (let run = 0; run < NAVIGATIONS; run++) {
  loads.playground.push(await coldLoad(playground, true));
  loads.floor.push(await coldLoad(floor, false));
  loads.peer.push(await coldLoad(peer, true));
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
peer.child.kill('SIGTERM');

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const medians = (runs) => ({ playground: median(runs.playground), floor: median(runs.floor) });
const editor = medians({ playground: loads.playground.map((l) => l.editor), floor: loads.floor.map((l) => l.editor) });
const markers = median(loads.playground.map((l) => l.markers));
const peerEditor = median(loads.peer.map((l) => l.editor));
const peerMarkers = median(loads.peer.map((l) => l.markers));
const early = [...new Set(loads.playground.flatMap((l) => l.early))];
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
    target: "≤ 1.1× monaco's JSON mode",
    measured: ms(editor.playground),
    floor: `monaco's JSON mode with dbkit's schema ${ms(peerEditor)} (bare monaco ${ms(editor.floor)})`,
    ratio: editor.playground / peerEditor,
    pass: editor.playground <= 1.1 * peerEditor,
  },
  {
    goal: 'navigation → its first markers (median)',
    target: "≤ monaco's JSON mode's first markers",
    measured: ms(markers),
    floor: `monaco's JSON mode with dbkit's schema ${ms(peerMarkers)}`,
    ratio: markers / peerMarkers,
    pass: markers <= peerMarkers,
  },
  {
    goal: 'chunks for later fetched before the editor shows',
    target: 'none',
    measured: early.length === 0 ? 'none' : early.join(', '),
    pass: early.length === 0,
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
    `| ${row.goal} | ${row.target} | ${row.measured} | ${row.floor ?? '—'} | ${row.ratio === undefined ? '—' : times(row.ratio)} | ${row.pass ? 'PASS' : 'MISS'} |`,
  );
const list = (values) => values.map(Math.round).join(', ');
console.log(`(navigation runs, playground editor/markers: ${loads.playground.map((l) => `${l.editor}/${l.markers}`).join(', ')} ms;
 floor editor: ${list(loads.floor.map((l) => l.editor))} ms;
 monaco's JSON mode editor/markers: ${loads.peer.map((l) => `${l.editor}/${l.markers}`).join(', ')} ms;
 paste runs: ${list(pastes.playground)} ms, floor ${list(pastes.floor)} ms;
 longest task of each typing run (0: none ≥ 50 ms): ${list(typings.playground)} ms, floor ${list(typings.floor)} ms;
 completion runs: ${list(completions.playground)} ms, floor ${list(completions.floor)} ms)`);

reportBench('web', {
  rows,
  notes: [
    `The floor is a bare-monaco page: the same monaco chunks, editor options, tokens, theme and example, no dbkit (bench/floor/); its completion answers a fixed list as long as the playground's longest (200 items) at once.`,
    `The peer is the page a user would otherwise open: the same monaco with monaco's own JSON language and worker given dbkit's automation-config schema (bench/jsonmode/); its first markers are its JSON worker's first validation of the example.`,
    `Medians of ${NAVIGATIONS} cold navigations of each page (a fresh browser context each, HTTP cache off), interleaved; ${PASTES} pastes, ${TYPINGS} bursts of typing and ${COMPLETIONS} completions on each, interleaved; the initial load is counted on one more cold page each.`,
  ],
});
