/**
 * The in-memory store's durability: a compacted state file plus an append-only journal of JSON lines, each fsynced
 * before the write is acknowledged. Start-up loads the state file and replays the journal; a torn last line (the
 * process died while writing it) is dropped and reported, never a reason not to start.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** One journal entry: a full value written at a path of the state (`null` deletes it). */
export type JournalEntry = { readonly path: readonly string[]; readonly value: unknown };

export type JournalOpen = {
  /** The compacted state, or undefined when the folder is new. */
  readonly state: unknown;
  /** Entries to replay over it, in order. */
  readonly entries: readonly JournalEntry[];
  /** Lines that could not be read: only a torn last line is tolerated (reported here). */
  readonly warnings: readonly string[];
};

export class JournalError extends Error {}

const STATE_FILE = 'state.json';
const JOURNAL_FILE = 'journal.jsonl';

function isEntry(value: unknown): value is JournalEntry {
  if (value === null || typeof value !== 'object') return false;
  const path = (value as { path?: unknown }).path;
  return Array.isArray(path) && path.every((part) => typeof part === 'string') && 'value' in value;
}

/** Reads the folder; throws {@link JournalError} (one clear line) on damage other than a torn last line. */
export function openJournal(dir: string): JournalOpen {
  mkdirSync(dir, { recursive: true });
  const statePath = join(dir, STATE_FILE);
  let state: unknown;
  if (existsSync(statePath)) {
    try {
      state = JSON.parse(readFileSync(statePath, 'utf8'));
    } catch (error) {
      throw new JournalError(
        `${statePath} is not valid JSON (${(error as Error).message}); restore it from a backup or remove the folder to start from the seed.`,
      );
    }
  }
  const journalPath = join(dir, JOURNAL_FILE);
  if (!existsSync(journalPath)) return { state, entries: [], warnings: [] };
  const text = readFileSync(journalPath, 'utf8');
  const lines = text.split('\n');
  const entries: JournalEntry[] = [];
  const warnings: string[] = [];
  let goodBytes = 0;
  for (const [index, line] of lines.entries()) {
    const last = index === lines.length - 1;
    if (line === '') {
      if (!last) goodBytes += 1;
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    // A line is complete only with its newline; the last piece of the file has none when the write was torn.
    if (isEntry(parsed) && !last) {
      entries.push(parsed);
      goodBytes += Buffer.byteLength(line) + 1;
      continue;
    }
    if (last) {
      warnings.push(
        `${journalPath}: dropped a torn last entry (${Buffer.byteLength(line)} bytes): the process stopped while writing it, before it was acknowledged`,
      );
      truncateSync(journalPath, goodBytes);
      break;
    }
    throw new JournalError(
      `${journalPath} line ${index + 1} is damaged (not a journal entry); the journal cannot be replayed past it. Restore the folder from a backup.`,
    );
  }
  return { state, entries, warnings };
}

/** An open journal file: appends are fsynced before they return. */
export class JournalWriter {
  private fd: number;
  private bytes: number;

  constructor(private readonly dir: string) {
    const path = join(dir, JOURNAL_FILE);
    this.fd = openSync(path, 'a');
    this.bytes = statSync(path).size;
  }

  /** Size of the journal since the last compaction. */
  get size(): number {
    return this.bytes;
  }

  append(entry: JournalEntry): void {
    const line = `${JSON.stringify(entry)}\n`;
    const buffer = Buffer.from(line);
    let written = 0;
    while (written < buffer.length) written += writeSync(this.fd, buffer, written);
    fsyncSync(this.fd);
    this.bytes += buffer.length;
  }

  /** Writes `state` as the new state file (temp file, fsync, rename) and empties the journal. */
  compact(state: unknown): void {
    const statePath = join(this.dir, STATE_FILE);
    const temp = `${statePath}.tmp`;
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, JSON.stringify(state));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, statePath);
    const dirFd = openSync(this.dir, 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
    truncateSync(join(this.dir, JOURNAL_FILE), 0);
    this.bytes = 0;
  }

  close(): void {
    closeSync(this.fd);
    this.fd = -1;
  }
}
