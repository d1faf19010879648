/**
 * Shared pieces of the automation configuration document.
 *
 * Fields marked "not in the spec" are spellings real documents exported by the service carry (see
 * `docs/decisions/validation.md`, "Unknown fields are info, near misses are warnings"); dbkit models them so they
 * are known, completed and hovered, never reported as unknown.
 */

/** An ISO 8601 date and time string; a time zone should be given to avoid ambiguity. */
export type IsoDateTime = string;

/** Log rotation settings, shared by agents and processes. */
export interface LogRotate {
  /**
   * Maximum size in MB of one log file before rotation; dbkit advises more than 0. The service writes 1000 when it
   * adds log rotation itself (domain.md §2).
   * @default 1000
   */
  readonly sizeThresholdMB: number;
  /**
   * Maximum age in hours of one log file before rotation; dbkit advises more than 0. The service writes 24.
   * @TJS-type integer
   * @default 24
   */
  readonly timeThresholdHrs: number;
  /**
   * Maximum number of log files left uncompressed, including the current one; dbkit advises at least 1.
   * @TJS-type integer
   * @default 5
   */
  readonly numUncompressed?: number;
  /**
   * Earlier name of `numUncompressed`, still recognised (monitoring agent).
   * @TJS-type integer
   * @deprecated Use `numUncompressed`.
   */
  readonly maxUncompressed?: number;
  /**
   * Maximum percentage of disk space all log files may use before the oldest compressed ones are deleted; dbkit
   * advises 0 to 100.
   * @default 0.02
   */
  readonly percentOfDiskspace?: number;
  /**
   * Total number of log files; 0 means it is determined by the other logRotate settings.
   * @TJS-type integer
   * @default 0
   */
  readonly numTotal?: number;
  /** Not in the spec: rotate audit logs together with the server log (seen in real documents). */
  readonly includeAuditLogsWithMongoDBLogs?: boolean;
}

/** Restrictions enforced on a user or role; a user inheriting incompatible restrictions becomes unusable. */
export interface AuthenticationRestriction {
  /** Client IP addresses or CIDR ranges allowed. */
  readonly clientSource?: readonly string[];
  /** Server IP addresses or CIDR ranges the client may connect to. */
  readonly serverAddress?: readonly string[];
}

/** A reference to a role: its name and the database it is defined in. */
export interface RoleRef {
  /** Role name. */
  readonly role: string;
  /** Database of the role. */
  readonly db: string;
  /** Not in the spec: the lowest feature compatibility version the role applies from (written by operators). */
  readonly minFcv?: string;
}
