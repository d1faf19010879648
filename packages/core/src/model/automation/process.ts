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
  readonly net?: {
    /** @TJS-type integer */
    readonly port?: number;
    readonly bindIp?: string;
    readonly tls?: ProcessNetTls;
    readonly ssl?: ProcessNetTls;
    readonly [option: string]: unknown;
  };
  readonly storage?: { readonly dbPath?: string; readonly [option: string]: unknown };
  readonly replication?: { readonly replSetName?: string; readonly [option: string]: unknown };
  readonly sharding?: { readonly clusterRole?: 'configsvr' | 'shardsvr'; readonly [option: string]: unknown };
  readonly systemLog?: {
    readonly destination?: 'file' | 'syslog';
    readonly path?: string;
    readonly [option: string]: unknown;
  };
  readonly [section: string]: unknown;
}

/** Default read and write concerns of a process. */
export interface DefaultRWConcern {
  readonly defaultReadConcern?: {
    /** Consistency and isolation of reads. */
    readonly level?: ReadConcernLevel;
  };
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
     * @minimum 0
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
   * it does not exist before 3.4.
   * @pattern ^\d+\.\d+$
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
   * Number of cores to bind to the process; processes are spread across cores as evenly as possible.
   * @TJS-type integer
   * @minimum 1
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
  /** Not in the spec: restore settings the service sets while a restore runs (`backupPitRestoreType`, `backupRestore*`). */
  readonly backupPitRestoreType?: unknown;
  readonly backupRestoreCertificateValidationHostname?: unknown;
  readonly backupRestoreCheckpointTimestamp?: unknown;
  readonly backupRestoreDesiredTime?: unknown;
  readonly backupRestoreFilterList?: unknown;
  readonly backupRestoreJobId?: unknown;
  readonly backupRestoreIsSuccessiveUpgrade?: unknown;
  readonly backupRestoreOplogBaseUrl?: unknown;
  readonly backupRestoreOplog?: unknown;
  readonly backupRestoreRsVersion?: unknown;
  readonly backupRestoreSourceGroupId?: unknown;
  readonly backupRestoreSourceRsId?: unknown;
  readonly backupRestoreSystemRolesUUID?: unknown;
  readonly backupRestoreSystemUsersUUID?: unknown;
  readonly backupRestoreVerificationKey?: unknown;
}
