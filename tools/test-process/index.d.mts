import type { ChildProcess, SpawnOptions } from 'node:child_process';

/** How a command run by `runTracked` ended, and what it printed. */
export interface RunOutput {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `spawn`, registered for clean-up at once and leading its own process group (`detached` is always on). */
export declare function spawnTracked(command: string, args?: readonly string[], options?: SpawnOptions): ChildProcess;
/** Runs a command to its end without blocking; resolves once its output is closed. */
export declare function runTracked(
  command: string,
  args?: readonly string[],
  options?: Omit<SpawnOptions, 'stdio' | 'detached'> & { readonly input?: string },
): Promise<RunOutput>;
/** SIGTERM to the child's process group, SIGKILL after `graceMs` (5 s); resolves once it has exited. */
export declare function stopProcess(child: ChildProcess, graceMs?: number): Promise<void>;
/**
 * Registers a clean-up run once after the test file, or on the worker's exit or a signal (its synchronous part
 * only); the function returned unregisters it.
 */
export declare function trackCleanup(cleanup: () => void | Promise<void>): () => void;
/** Runs the clean-ups not run yet and stops every tracked process still running. */
export declare function stopTracked(graceMs?: number): Promise<void>;
/** The tracked processes still running. */
export declare function trackedProcesses(): readonly ChildProcess[];
