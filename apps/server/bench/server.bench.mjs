// Benchmark: the service under load on loopback, against a floor, in one run (`pnpm bench`, after a build).
//
// 1. GET a page of 100 cluster snapshots with Digest auth on (a fresh nc per request, MD5 checked, replay guard),
//    against the floor: a bare fastify route answering the same bytes with the same headers to the same requests
//    (Authorization included, unchecked). Goal: >= 70 % of the floor's requests per second.
// 2. PUT of a ~3 MB automation config, validated by core, planned against the stored one and stored: goal >= 20 per
//    second, beside a bare route that reads and parses the same body.
// Each target runs in its own process, so autocannon has the other core. The goal lines report PASS or MISS; a miss
// never fails the process (benchmarks report, they do not gate).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { generateConfig, serialize } from '../../../packages/core/bench/generate.mjs';
import { reportBench } from '../../../tools/bench-report.mjs';
import { DigestProbe } from './digest.mjs';

const TARGET = fileURLToPath(new URL('./target.mjs', import.meta.url));
const DURATION_S = Number(process.env.DBKIT_BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const PUT_ROUNDS = 3;

function startTarget(mode) {
  const child = spawn(process.execPath, [TARGET, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ child, ...JSON.parse(line) });
    });
    child.on('exit', (code) => reject(new Error(`bench target ${mode} exited ${code}`)));
  });
}

function load(url, setupRequest, duration = DURATION_S) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        requests: setupRequest ? [{ setupRequest }] : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function getCase(mode) {
  const target = await startTarget(mode);
  try {
    const url = `${target.url}${target.path}`;
    // Both runs send the same requests, a fresh Digest answer each; the floor ignores it.
    const probe = new DigestProbe(target.credentials);
    if (mode === 'dbkit') {
      await probe.nonceFor(url);
      const check = await probe.get(url);
      const page = JSON.parse(check.text);
      if (check.status !== 200 || page.results.length !== 100) throw new Error(`unexpected answer ${check.status}`);
    } else probe.nonce = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const setup = (request) => ({
      ...request,
      headers: { ...request.headers, authorization: probe.header('GET', target.path) },
    });
    await load(url, setup, 2); // warm-up
    const result = await load(url, setup);
    const ok = result['2xx'];
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${mode}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: ok / DURATION_S, p50: result.latency.p50, p99: result.latency.p99 };
  } finally {
    target.child.kill('SIGTERM');
  }
}

/** 30 sequential PUTs of a ~3 MB config, after `before` untimed ones (a warm-up, or a record that has grown). */
async function putCase(mode = 'dbkit', before = 3) {
  const target = await startTarget(mode);
  try {
    const url = `${target.url}/api/public/v1.0/groups/${target.project}/automationConfig`;
    const document = generateConfig({ shards: 430, membersPerShard: 3, routers: 20 });
    const probe = new DigestProbe(target.credentials);
    const count = 30;
    // Versions go on from the stored one (the seed's deployment is at version 1); the floor checks none.
    let stored = 1;
    if (mode !== 'put-floor') {
      await probe.nonceFor(url);
      stored = JSON.parse((await probe.get(url)).text).version;
    } else probe.nonce = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const bytes = Buffer.byteLength(serialize({ ...document, version: stored + 1 }));
    // Bodies are written before the clock starts: the client's serialising is not the service's work.
    const bodies = new Map(
      Array.from({ length: count + before }, (_, i) => [
        i + 1,
        Buffer.from(serialize({ ...document, version: stored + i + 1 })),
      ]),
    );
    const put = async (version) => {
      const body = bodies.get(version);
      const response = await probe.get(url, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body });
      if (response.status !== 200) throw new Error(`PUT ${version}: ${response.status} ${response.text.slice(0, 200)}`);
    };
    for (let version = 1; version <= before; version++) await put(version);
    const start = performance.now();
    for (let version = before + 1; version <= before + count; version++) await put(version);
    const seconds = (performance.now() - start) / 1000;
    return { perSecond: count / seconds, bytes };
  } finally {
    target.child.kill('SIGTERM');
  }
}

const floor = await getCase('floor');
const dbkit = await getCase('dbkit');
// The PUT loops are short: rounds alternate with the floor's, and each side reports its median round.
const putRounds = { floor: [], dbkit: [] };
for (let round = 0; round < PUT_ROUNDS; round++) {
  putRounds.floor.push(await putCase('put-floor'));
  putRounds.dbkit.push(await putCase());
}
const medianRound = (rounds) => [...rounds].sort((a, b) => a.perSecond - b.perSecond)[rounds.length >> 1];
const putFloor = medianRound(putRounds.floor);
const put = medianRound(putRounds.dbkit);
// As `dbkit-server` runs by default (journalled), once the project's record holds 60 revisions.
const journalled = await putCase('dbkit-journal', 60);
const ratio = dbkit.rps / floor.rps;
const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

console.log(`\nService under load: ${CONNECTIONS} connections, ${DURATION_S} s each, loopback, autocannon`);
console.log('| case | requests/s | p50 ms | p99 ms | vs floor |');
console.log('|---|---:|---:|---:|---:|');
console.log(`| floor: bare fastify route, same bytes | ${fmt(floor.rps)} | ${floor.p50} | ${floor.p99} | 1.00× |`);
console.log(
  `| dbkit: GET 100 snapshots, Digest on | ${fmt(dbkit.rps)} | ${dbkit.p50} | ${dbkit.p99} | ${fmt(ratio, 2)}× |`,
);
console.log(
  `Goal: Digest-authenticated list ≥ 70 % of the floor: ${fmt(ratio * 100, 1)} % → ${ratio >= 0.7 ? 'PASS' : 'MISS'}`,
);
console.log(
  `Goal: PUT of a ${fmt(put.bytes / 1e6, 1)} MB automation config (validated, stored) ≥ 20/s: ${fmt(put.perSecond, 1)}/s → ${put.perSecond >= 20 ? 'PASS' : 'MISS'} (a bare route reading and parsing it: ${fmt(putFloor.perSecond, 1)}/s)`,
);
console.log(`The same PUT journalled, after 60 PUTs: ${fmt(journalled.perSecond, 1)}/s`);

reportBench('server', {
  rows: [
    {
      goal: 'GET a page of 100 snapshots, Digest auth on',
      target: '≥ 70 % of the floor',
      measured: `${fmt(dbkit.rps)} requests/s (p50 ${dbkit.p50} ms, p99 ${dbkit.p99} ms)`,
      floor: `bare fastify route ${fmt(floor.rps)} requests/s`,
      ratio,
      pass: ratio >= 0.7,
    },
    {
      goal: `PUT of a ${fmt(put.bytes / 1e6, 1)} MB automation config, validated and stored`,
      target: '≥ 20/s',
      measured: `${fmt(put.perSecond, 1)}/s`,
      floor: `bare fastify route reading and parsing the body ${fmt(putFloor.perSecond, 1)}/s`,
      ratio: put.perSecond / putFloor.perSecond,
      pass: put.perSecond >= 20,
    },
    {
      goal: `the same PUT journalled (\`dbkit-server\`'s default), after 60 PUTs`,
      target: '—',
      measured: `${fmt(journalled.perSecond, 1)}/s`,
      floor: `bare fastify route reading and parsing the body ${fmt(putFloor.perSecond, 1)}/s`,
      ratio: journalled.perSecond / putFloor.perSecond,
    },
  ],
  notes: [
    `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per case, loopback; each target in its own process.`,
    `PUT: ${PUT_ROUNDS} rounds of 30 sequential PUTs, alternating with the floor's; the median round of each.`,
  ],
});
