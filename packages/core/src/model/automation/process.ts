import type { ProcessType, ReadConcernLevel, TlsMode } from '../../enums/automation.js';
import type { IsoDateTime, LogRotate } from './common.js';

/** TLS settings of a server process (`args2_6.net.tls`, or the older `args2_6.net.ssl`). */
export interface ProcessNetTls {
  /** TLS mode of the server; the SSL spellings also appear under `tls` in real documents. */
  readonly mode?: TlsMode;
  readonly [option: string]: unknown;
}

/**
 * Database configuration object for server versions 2.6 and later: the server's configuration-file options,
 * nested as in its YAML file. The spec does not show its contents; dbkit types the parts it checks and keeps
 * every other option as is. Domain-socket options are not supported through this document.
 */
export interface Args26 {
  /** Network options. */
  readonly net?: {
    /**
     * TCP port the server listens on.
     * @TJS-type integer
     */
    readonly port?: number;
    /** Host names or IP addresses the server listens on, comma-separated. */
    readonly bindIp?: string;
    /** TLS options of the server (the name from server 4.2 on). */
    readonly tls?: ProcessNetTls;
    /** TLS options under their older name (servers before 4.2). */
    readonly ssl?: ProcessNetTls;
    readonly [option: string]: unknown;
  };
  /** Storage options. */
  readonly storage?: {
    /** Directory where the server keeps its data. */
    readonly dbPath?: string;
    readonly [option: string]: unknown;
  };
  /** Replication options. */
  readonly replication?: {
    /** Replica set the process belongs to: the `_id` of its entry in `replicaSets`. */
    readonly replSetName?: string;
    readonly [option: string]: unknown;
  };
  /** Sharding options. */
  readonly sharding?: {
    /** Role of the process in a sharded cluster: `configsvr` for config servers, `shardsvr` for shard members. */
    readonly clusterRole?: 'configsvr' | 'shardsvr';
    readonly [option: string]: unknown;
  };
  /** Log options. */
  readonly systemLog?: {
    /** Where the server writes its log. */
    readonly destination?: 'file' | 'syslog';
    /** Log file, when `destination` is `file`. */
    readonly path?: string;
    readonly [option: string]: unknown;
  };
  readonly [section: string]: unknown;
}

/** Default read and write concerns of a process. */
export interface DefaultRWConcern {
  /** Default read concern of the process. */
  readonly defaultReadConcern?: {
    /** Consistency and isolation of reads. */
    readonly level?: ReadConcernLevel;
  };
  /** Default write concern of the process. */
  readonly defaultWriteConcern?: {
    /** Whether write acknowledgement must be in the on-disk journal. */
    readonly j?: boolean;
    /**
     * Number of instances that must acknowledge a write, or `majority`. The spec types it as a string; real
     * clients send numbers too.
     */
    readonly w?: string | number;
    /**
     * Write concern time limit in milliseconds; to be set when `w` is greater than 1.
     */
    readonly wtimeout?: number;
  };
}

/** One database instance. */
export interface Process {
  /** Unique instance name. */
  readonly name: string;
  /** Type of process: `dbd` (data-bearing server) or `dbs` (shard router). */
  readonly processType: ProcessType;
  /** Host serving the process; defaults to localhost. */
  readonly hostname: string;
  /** Name of the dbVersions specification used. */
  readonly version: string;
  /**
   * Schema version of database user credentials; must match other processes of the same cluster.
   * The service accepts 3 and 5.
   * @TJS-type integer
   */
  readonly authSchemaVersion: number;
  /**
   * Version with which the process is feature compatible (`major.minor`). Required for servers 3.4 and later;
   * it does not exist before 3.4, where operators write `""`, which counts as absent.
   * @pattern ^(\d+\.\d+)?$
   */
  readonly featureCompatibilityVersion?: string;
  /** Database configuration object for server versions 2.6 and later. */
  readonly args2_6: Args26;
  /** Host name alias (often a DNS CNAME); the agent prefers it over `hostname`; may also be used in replicaSets host and sharding.configServer. */
  readonly alias?: string;
  /** Delivery URL for a restore, set by the service when creating a restore; the value `CANCEL` cancels an in-progress restore. */
  readonly backupRestoreUrl?: string;
  /** Cluster name: required for a `dbs` shard router, where it names a `sharding[].name`. */
  readonly cluster?: string;
  /** Default read and write concerns. */
  readonly defaultRWConcern?: DefaultRWConcern;
  /** true shuts the process down. */
  readonly disabled?: boolean;
  /** ISO 8601 time space was last reclaimed on the cluster's disks; reclamation is rolling across members. */
  readonly lastCompact?: IsoDateTime;
  /** ISO 8601 time of last restart; setting it to the current time forces a restart after upload. */
  readonly lastRestart?: IsoDateTime;
  /** ISO 8601 time of last initial sync; setting it to the current time triggers an initial sync, which removes the node's entire data contents. */
  readonly lastResync?: IsoDateTime;
  /** ISO 8601 time of last master key rotation; setting it to the current time rotates the key after upload. */
  readonly lastKmipMasterKeyRotation?: IsoDateTime;
  /** Log rotation for this process; rotation occurs when either threshold is met. */
  readonly logRotate?: LogRotate;
  /** Not in the spec: audit log rotation, added by the service to processes uploaded without it. */
  readonly auditLogRotate?: LogRotate;
  /** Whether the agent automates this process. */
  readonly manualMode?: boolean;
  /**
   * Number of cores to bind to the process; processes are spread across cores as evenly as possible. `0`, the value
   * the service stores when none is set, binds the process to no cores.
   * @TJS-type integer
   */
  readonly numCores?: number;
  /** Not in the spec: replica-set horizons (managed by operators), seen in real documents. */
  readonly horizons?: { readonly [name: string]: string };
  /** Not in the spec: log verbosity, seen in real documents. */
  readonly logLevel?: unknown;
  /** Not in the spec: full server version string, seen in real documents. */
  readonly fullVersion?: unknown;
  /** Not in the spec: the last goal version the agent reached, set by the service. */
  readonly lastGoalVersionAchieved?: unknown;
  /** Not in the spec: CPU cores the process is bound to, seen in real documents. */
  readonly cpuAffinity?: readonly number[];
  /** Not in the spec: set by the service. */
  readonly credentialsVersion?: unknown;
  /** Not in the spec: port of the KMIP proxy, set by the service. */
  readonly kmipProxyPort?: unknown;
  /** Not in the spec: the agent's plan, set by the service. */
  readonly plan?: readonly string[];
  /** Not in the spec: the kind of point-in-time restore, set by the service while a restore runs. */
  readonly backupPitRestoreType?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreCertificateValidationHostname?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreCheckpointTimestamp?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreDesiredTime?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreFilterList?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreJobId?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreIsSuccessiveUpgrade?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreOplogBaseUrl?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreOplog?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreRsVersion?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreSourceGroupId?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreSourceRsId?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreSystemRolesUUID?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreSystemUsersUUID?: unknown;
  /** Not in the spec: set by the service while a restore runs. */
  readonly backupRestoreVerificationKey?: unknown;
}
