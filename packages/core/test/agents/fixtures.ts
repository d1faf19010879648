/** A small replica-set deployment and revisions of it, for the agents' tests. */
type Doc = Record<string, unknown> & {
  processes: Record<string, unknown>[];
  replicaSets: (Record<string, unknown> & { members: unknown[] })[];
};

export function replicaSet(version = 1, serverVersion = '7.0.12', members = 3): Doc {
  const names = Array.from({ length: members }, (_, i) => `rs0_${i}`);
  return {
    version,
    auth: { disabled: true },
    processes: names.map((name, i) => ({
      name,
      hostname: `db${i}.example.net`,
      processType: 'mongod',
      version: serverVersion,
      featureCompatibilityVersion: '7.0',
      authSchemaVersion: 5,
      args2_6: { net: { port: 27017 }, replication: { replSetName: 'rs0' }, storage: { dbPath: `/data/${name}` } },
    })),
    replicaSets: [
      {
        _id: 'rs0',
        protocolVersion: '1',
        members: names.map((host, i) => ({ _id: i, host, priority: 1, votes: 1, arbiterOnly: false, hidden: false })),
      },
    ],
  };
}

/** `doc` with a change applied to a copy. */
export function edit(doc: Doc, change: (copy: Doc) => void): Doc {
  const copy = structuredClone(doc);
  change(copy);
  return copy;
}
