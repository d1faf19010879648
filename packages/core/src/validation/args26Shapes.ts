/**
 * The parts of a process's `args2_6` that core's types declare (`Args26` in model/automation/process.ts), as data.
 * args2_6 holds the server's configuration-file options, most of them free-form: every shape here is open, so
 * options dbkit does not type are kept and never reported. Only the declared fields are checked: their JSON type
 * and, for closed sets, their value.
 */

import { TlsMode } from '../enums/automation.js';
import type { EnumMember } from '../enums/define.js';
import type { Args26 } from '../model/automation/process.js';
import type { FieldSpec, Shape } from './fieldSpec.js';

const str: FieldSpec = { kind: 'string' };
const obj: FieldSpec = { kind: 'object' };

/** The values of the model's literal unions: `satisfies` keeps them equal to the types (no value more or less). */
type ValuesOf<T extends string> = { readonly [V in T]: EnumMember };

const ClusterRole = {
  configsvr: { description: 'The process is a member of the config server replica set of a sharded cluster.' },
  shardsvr: { description: "The process is a member of a shard's replica set." },
} as const satisfies ValuesOf<NonNullable<NonNullable<Args26['sharding']>['clusterRole']>>;

const SystemLogDestination = {
  file: { description: 'The server writes its log to the file named in `path`.' },
  syslog: { description: "The server writes its log to the host's syslog." },
} as const satisfies ValuesOf<NonNullable<NonNullable<Args26['systemLog']>['destination']>>;

/** The sections of args2_6 dbkit types; the server's other sections pass unchecked. */
export const args26Shape: Shape = {
  label: 'args2_6',
  open: true,
  fields: { net: obj, storage: obj, replication: obj, sharding: obj, systemLog: obj },
};

export const netOptionsShape: Shape = {
  label: 'args2_6.net',
  open: true,
  fields: {
    port: { kind: 'integer', doc: 'the TCP port the server listens on' },
    bindIp: str,
    tls: obj,
    ssl: obj,
  },
};

/** `net.tls`, and `net.ssl`, its name before server 4.2. */
export const netTlsShape: Shape = {
  label: 'the TLS options of args2_6.net',
  open: true,
  fields: { mode: { kind: 'string', values: TlsMode, doc: 'the TLS mode of the server' } },
};

export const storageOptionsShape: Shape = {
  label: 'args2_6.storage',
  open: true,
  fields: { dbPath: str },
};

export const replicationOptionsShape: Shape = {
  label: 'args2_6.replication',
  open: true,
  fields: { replSetName: str },
};

export const shardingOptionsShape: Shape = {
  label: 'args2_6.sharding',
  open: true,
  fields: {
    clusterRole: {
      kind: 'string',
      values: ClusterRole,
      hints: { configServer: 'configsvr', shard: 'shardsvr', shardServer: 'shardsvr' },
      doc: 'the role of the process in a sharded cluster',
    },
  },
};

export const systemLogShape: Shape = {
  label: 'args2_6.systemLog',
  open: true,
  fields: {
    destination: {
      kind: 'string',
      values: SystemLogDestination,
      hints: { console: 'file', stdout: 'file' },
      doc: 'where the server writes its log',
    },
    path: str,
  },
};

/** A checked object of args2_6: its shape, and the shapes of the objects inside it that are checked too. */
export interface OptionsSection {
  readonly shape: Shape;
  readonly sections?: { readonly [field: string]: OptionsSection };
}

const netTls: OptionsSection = { shape: netTlsShape };

/** args2_6 as a tree of checked sections, walked by rules/processOptions.ts. */
export const args26Options: OptionsSection = {
  shape: args26Shape,
  sections: {
    net: { shape: netOptionsShape, sections: { tls: netTls, ssl: netTls } },
    storage: { shape: storageOptionsShape },
    replication: { shape: replicationOptionsShape },
    sharding: { shape: shardingOptionsShape },
    systemLog: { shape: systemLogShape },
  },
};
