// One bench target in its own process (so that the load generator has the other core):
//   node bench/target.mjs dbkit   the service, Digest on, a cluster of 150 snapshots
//   node bench/target.mjs floor   a bare fastify route answering the same bytes with the same headers
//   node bench/target.mjs put-floor   a bare fastify route that reads and parses a PUT's body
//   node bench/target.mjs dbkit-journal   the service with its state journalled in a temporary folder
// Prints one JSON line {url, project, cluster, credentials, body} on stdout once it listens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { Clock, createServer, seedState } from '../dist/index.js';

const mode = process.argv[2];
const clock = new Clock();
const state = seedState(1, new Date(clock.now()));
const project = Object.values(state.groups)[0];
const cluster = Object.values(project.clusters).find((c) => c.name === 'rs0');
const [template] = Object.values(cluster.snapshots);
const snapshots = {};
for (let index = 0; index < 150; index++) {
  const id = index.toString(16).padStart(24, '0');
  snapshots[id] = {
    ...template,
    id,
    complete: true,
    links: [{ href: `${template.links[0].href.replace(template.id, id)}`, rel: 'self' }],
  };
}
const groups = {
  ...state.groups,
  [project.id]: { ...project, clusters: { ...project.clusters, [cluster.id]: { ...cluster, snapshots } } },
};
// `dbkit-journal`: the service as `dbkit-server` runs it by default, its state journalled (fsynced) in a folder.
const dataDir = mode === 'dbkit-journal' ? mkdtempSync(join(tmpdir(), 'dbkit-bench-')) : undefined;
const server = createServer({
  initialState: { groups },
  sweepIntervalMs: 0,
  warn: () => {},
  ...(dataDir ? { dataDir } : {}),
});
const key = project.keys[0];
const path = `/api/public/v1.0/groups/${project.id}/clusters/${cluster.id}/snapshots`;

if (mode === 'dbkit' || mode === 'dbkit-journal') {
  const url = await server.listen(0);
  process.stdout.write(
    `${JSON.stringify({ url, path, project: project.id, credentials: `${key.publicKey}:${key.privateKey}` })}\n`,
  );
} else if (mode === 'put-floor') {
  // The PUT's floor: a bare fastify route that reads the body as the service does and parses it, then answers {}.
  await server.close();
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.put(`/api/public/v1.0/groups/${project.id}/automationConfig`, async (request) => {
    JSON.parse(request.body);
    return {};
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${app.server.address().port}`;
  process.stdout.write(
    `${JSON.stringify({ url, path, project: project.id, credentials: `${key.publicKey}:${key.privateKey}` })}\n`,
  );
} else {
  // The floor: the same response bytes, computed once by the service itself, from a route that does nothing else.
  const probeUrl = await server.listen(0);
  const { DigestProbe } = await import('./digest.mjs');
  const body = await new DigestProbe(`${key.publicKey}:${key.privateKey}`).get(`${probeUrl}${path}`);
  await server.close();
  const app = Fastify({ logger: false });
  const bytes = Buffer.from(body.text.replaceAll(probeUrl, 'http://127.0.0.1'));
  app.get(path, (_request, reply) =>
    reply
      .header('X-DB-Service-Version', body.headers.get('x-db-service-version'))
      .header('Strict-Transport-Security', 'max-age=300')
      .header('Vary', 'Accept-Encoding')
      .header('Content-Type', 'application/json')
      .send(bytes),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${app.server.address().port}`;
  process.stdout.write(
    `${JSON.stringify({ url, path, project: project.id, credentials: `${key.publicKey}:${key.privateKey}` })}\n`,
  );
}
process.on('SIGTERM', () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
