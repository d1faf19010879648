/**
 * The examples of the code reference: each one a few edits of one small, valid automation config
 * ({@link EXAMPLE_BASE}), so an example shows only what matters and the test suite can run it whole.
 */
import type { JsonPath } from '../validation/diagnostic.js';

/** `featureCompatibilityVersion` for a server `version`: the release, from 3.4 (older servers have none). */
function featureCompatibility(version: string): { readonly featureCompatibilityVersion?: string } {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 3 || (major === 3 && minor >= 4) ? { featureCompatibilityVersion: `${major}.${minor}` } : {};
}

/** How {@link exampleProcess} differs from the base document's processes. */
export interface ExampleProcessOptions {
  /** The server version (default 7.0.12); feature compatibility follows it. */
  readonly version?: string;
  /** Makes it a member of this replica set. */
  readonly replSetName?: string;
  /** Makes it a router (`dbs`) of this sharded cluster: no storage. */
  readonly cluster?: string;
  /** More `args2_6` options, after `net` (which they may replace). */
  readonly args?: Readonly<Record<string, unknown>>;
  /** Default `<name>.example.net`. */
  readonly hostname?: string;
  /** The folder under /data of its files (default its name). */
  readonly dir?: string;
}

/**
 * A process shaped like the base document's: `name` on its own host, its data and log under `/data/<name>`.
 *
 * @example
 * exampleProcess('rs1-0', { replSetName: 'rs1' }).args2_6.replication; // { replSetName: 'rs1' }
 */
export function exampleProcess(name: string, options: ExampleProcessOptions = {}) {
  const { version = '7.0.12', replSetName, cluster, args = {}, hostname = `${name}.example.net`, dir = name } = options;
  const router = cluster !== undefined;
  return {
    name,
    hostname,
    processType: router ? 'dbs' : 'dbd',
    version,
    ...featureCompatibility(version),
    authSchemaVersion: 5,
    ...(router ? { cluster } : {}),
    args2_6: {
      net: { port: 27017 },
      ...(replSetName === undefined ? {} : { replication: { replSetName } }),
      ...args,
      ...(router ? {} : { storage: { dbPath: `/data/${dir}` } }),
      systemLog: { destination: 'file', path: `/data/${dir}/${router ? 'router' : 'db'}.log` },
    },
  };
}

/**
 * The document every example edits: a three-member replica set `rs0` on server 7.0.12, authentication off. It has
 * no diagnostic (a test checks it).
 */
export const EXAMPLE_BASE = {
  version: 1,
  options: { downloadBase: '/var/lib/automation' },
  dbVersions: [
    {
      name: '7.0.12',
      builds: [
        {
          platform: 'linux',
          url: 'https://downloads.example.net/db-7.0.12.tgz',
          gitVersion: 'b6513ce0781db6818e24619e8a461eae90bc94fc',
          architecture: 'amd64',
        },
      ],
    },
  ],
  processes: [0, 1, 2].map((i) => exampleProcess(`rs0-${i}`, { replSetName: 'rs0' })),
  replicaSets: [
    {
      _id: 'rs0',
      protocolVersion: '1',
      members: [0, 1, 2].map((i) => ({ _id: i, host: `rs0-${i}`, priority: 1, votes: 1 })),
    },
  ],
} as const;

/**
 * One change to a document: `set` a value at `at` (creating the objects on the way), or `remove` what is there.
 * An array index one past the end appends.
 */
export type Edit = { readonly at: JsonPath; readonly set: unknown } | { readonly at: JsonPath; readonly remove: true };

/**
 * A document an example checks: the base with `edits` applied, or `text` itself (a document that is not an object,
 * or not JSON). `show` is the part the reference prints (default: the parent of the first edit).
 */
export type ExampleDocument = { readonly edits: readonly Edit[]; readonly show?: JsonPath } | { readonly text: string };

/** A validation example: the document, and the path its code is reported at (absent in a right example). */
export interface ValidationExample {
  readonly document: ExampleDocument;
  readonly at: JsonPath;
}

/**
 * A transition example: the deployed revision (`from`, default the base) and the new one (`to`), and where the code
 * is reported.
 */
export interface TransitionExample {
  readonly from?: ExampleDocument;
  readonly to: ExampleDocument;
  readonly at: { readonly document: 'from' | 'to'; readonly path: JsonPath };
}

function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/**
 * The base document with `edits` applied, as a new object.
 *
 * @example
 * applyEdits(EXAMPLE_BASE, [{ at: ['processes', 0, 'version'], set: '9.0.0' }]).processes[0].version; // '9.0.0'
 */
export function applyEdits(base: unknown, edits: readonly Edit[]): Record<string, unknown> {
  const root = copy(base) as Record<string, unknown>;
  for (const edit of edits) {
    if (edit.at.length === 0) throw new Error('an edit needs a path');
    let parent: Record<string | number, unknown> = root;
    for (const [i, segment] of edit.at.slice(0, -1).entries()) {
      const next = parent[segment];
      if (next === null || typeof next !== 'object') {
        parent[segment] = typeof edit.at[i + 1] === 'number' ? [] : {};
      }
      parent = parent[segment] as Record<string | number, unknown>;
    }
    const last = edit.at[edit.at.length - 1] as string | number;
    if ('remove' in edit) {
      if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
      else delete parent[last];
    } else {
      parent[last] = copy(edit.set);
    }
  }
  return root;
}

/** The document an example names: its text parsed, or the base with its edits. */
export function exampleValue(document: ExampleDocument | undefined): unknown {
  if (document === undefined) return copy(EXAMPLE_BASE);
  if ('text' in document) {
    try {
      return JSON.parse(document.text);
    } catch {
      return document.text;
    }
  }
  return applyEdits(EXAMPLE_BASE, document.edits);
}

/** The part of an example the reference prints, and where it is in the document. */
export function exampleExcerpt(document: ExampleDocument | undefined): {
  readonly path: JsonPath;
  readonly json: string;
} {
  if (document === undefined) return { path: [], json: JSON.stringify(EXAMPLE_BASE, null, 2) };
  if ('text' in document) return { path: [], json: document.text };
  const path = document.show ?? document.edits[0]?.at.slice(0, -1) ?? [];
  let value: unknown = applyEdits(EXAMPLE_BASE, document.edits);
  for (const segment of path) value = (value as Record<string | number, unknown> | undefined)?.[segment];
  return { path, json: JSON.stringify(value, null, 2) ?? 'undefined' };
}
