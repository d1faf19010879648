import type { Architecture } from '../../enums/automation.js';
import type { LogRotate } from './common.js';

/** One build of a database version. */
export interface Build {
  /** Platform, e.g. `linux`, `osx`, `windows`. */
  readonly platform: string;
  /** Download URL. */
  readonly url: string;
  /** Commit identifier of the build. */
  readonly gitVersion: string;
  /**
   * Modules of this version, e.g. `["enterprise"]`. Required by the spec; the service's own output omits it for
   * builds without modules.
   */
  readonly modules?: readonly string[];
  /** Processor architecture: `amd64` or `ppc64le` in the spec; real documents also carry `aarch64` and `s390x`. */
  readonly architecture: Architecture;
  /**
   * Bus width. Deprecated by the spec, but kept for compatibility: it must not be removed or modified.
   * @TJS-type integer
   */
  readonly bits?: number;
  /** true for Windows builds requiring Windows 7 or Server 2008 R2 or later. */
  readonly win2008plus?: boolean;
  /** Download URL of the C++ redistributable. */
  readonly winVCRedistUrl?: string;
  /** Command-line options for the redistributable installer, one per string. */
  readonly winVCRedistOptions?: readonly string[];
  /** Runtime DLL name the agent checks to decide whether a new redistributable is needed. */
  readonly winVCRedistDll?: string;
  /** Minimum DLL version that lets the installation be skipped. */
  readonly winVCRedistVersion?: string;
  /** Not in the spec: Linux distribution family of the build (`rhel`, `ubuntu`, …), seen in real documents. */
  readonly flavor?: string;
  /** Not in the spec: minimum OS version of the build, seen in real documents. */
  readonly minOsVersion?: string;
  /** Not in the spec: maximum OS version of the build, seen in real documents. */
  readonly maxOsVersion?: string;
}

/** One database version specification; processes refer to it through `processes[].version`. */
export interface DbVersion {
  /** Name of the specification; processes refer to it through `processes.version`. */
  readonly name: string;
  /**
   * Builds available. Required by the spec; the service's own output omits it when its version manifest supplies
   * the builds.
   */
  readonly builds?: readonly Build[];
  /** Not in the spec: whether this is a special long-term-support version, seen in real documents. */
  readonly isSpecialLTSVersion?: boolean;
}

/** Agent version to run. */
export interface AgentVersion {
  /** Desired agent version. */
  readonly name?: string;
  /** Download URL for the agent. */
  readonly directoryUrl?: string;
}

/**
 * A monitoring or backup agent version (obsolete).
 * @deprecated Obsolete parameter.
 */
export interface AgentVersionEntry {
  /** Agent version; read-only, modifications are not reflected when updating the agent through the interface. */
  readonly name?: string;
  /** FQDN of the host that runs the agent; if the agent is not running there, it is installed from `urls`. */
  readonly hostname?: string;
  /**
   * Platform- and build-specific download URLs: keys are platforms, values map build names (and the required
   * `default` key) to URLs. The spec marks it required; the service's own output omits it.
   */
  readonly urls?: { readonly [platform: string]: { readonly [build: string]: string } };
  /** Base URL (monitoring: the base-url setting; backup: the server-host and https settings); `null` in real output. */
  readonly baseUrl?: string | null;
  /** Not in the spec: the agent download directory, `null` in real output. */
  readonly directoryUrl?: string | null;
  /** Log directory; default is to write logs to /dev/null. */
  readonly logPath?: string;
  /** Log rotation. */
  readonly logRotate?: LogRotate;
}
