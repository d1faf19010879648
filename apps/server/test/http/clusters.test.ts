/** GET /groups/{G}/clusters and /clusters/{ID}: the ids the snapshot endpoints take, each cluster's kind. */
import type { Cluster } from '@dbkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigestClient, type Running, start } from '../helpers.js';

let service: Running;
let client: DigestClient;
beforeAll(async () => {
  service = await start();
  client = new DigestClient(service.credentials);
});
afterAll(() => service.close());

const group = () => `${service.api}/groups/${service.project.id}`;

describe('clusters', () => {
  it('lists every cluster of the project, each with a self link that answers it', async () => {
    const response = await client.request(`${group()}/clusters`);
    expect(response.status).toBe(200);
    const page = response.json<{ results: Cluster[]; totalCount: number }>();
    const seeded = Object.values(service.project.clusters);
    expect(page.totalCount).toBe(seeded.length);
    expect(page.results.map((c) => [c.id, c.clusterName, c.groupId])).toEqual(
      seeded.map((c) => [c.id, c.name, service.project.id]),
    );
    expect(page.results.find((c) => c.clusterName === 'rs0')).toMatchObject({
      typeName: 'REPLICA_SET',
      replicaSetName: 'rs0',
    });
    expect(page.results.find((c) => c.clusterName === 'analytics')).toMatchObject({ typeName: 'SHARDED_REPLICA_SET' });
    for (const cluster of page.results) {
      const self = cluster.links.find((l) => l.rel === 'self')?.href ?? '';
      expect(self).toBe(`${group()}/clusters/${cluster.id}`);
      expect((await client.request(self)).json()).toEqual(cluster);
      // The id is the one the snapshots take.
      expect((await client.request(`${self}/snapshots`)).status).toBe(200);
    }
  });

  it('pages like every list; an unknown cluster is 404 CLUSTER_NOT_FOUND', async () => {
    const first = (await client.request(`${group()}/clusters?itemsPerPage=1`)).json<{
      results: Cluster[];
      links: { rel: string }[];
    }>();
    expect(first.results).toHaveLength(1);
    expect(first.links.map((l) => l.rel)).toContain('next');
    const missing = await client.request(`${group()}/clusters/0123456789abcdef01234567`);
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ errorCode: 'CLUSTER_NOT_FOUND' });
  });
});
