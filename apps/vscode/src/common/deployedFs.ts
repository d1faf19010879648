/**
 * The deployed automation configs as files: `dbkit://<connection>/<project>/automationConfig.json`, read from the
 * service on every read (so "Revert File" shows what is stored now), and written only by publishing. Saving is never
 * a silent write: it runs Publish (validation, the plan and a modal confirmation); when that does not publish
 * (cancelled, refused, auto-save), the write fails with one line, so VS Code keeps the editor dirty and offers
 * Retry, Save As… and Revert — the user's edits stay safe.
 */
import type { StoredConfig } from '@dbkit/client';
import * as vscode from 'vscode';
import type { ServiceConnection } from '../lib/connections.js';
import { DEPLOYED_SCHEME } from '../lib/constants.js';
import {
  connectionAt,
  DEPLOYED_FILE,
  type DeployedAddress,
  deployedUriParts,
  missingConnectionMessage,
  parseDeployedUri,
} from '../lib/deployed.js';
import type { ConnectionStore } from './connections.js';

/** A save of a deployed document, for Publish. */
export interface SaveRequest {
  readonly uri: vscode.Uri;
  readonly connection: ServiceConnection;
  readonly text: string;
}

/** How a save ended: published as `version` (whose stored text is `text`), or not, with the line saying why. */
export type SaveOutcome =
  | { readonly published: true; readonly version: number; readonly text: string }
  | { readonly published: false; readonly reason: string };

/**
 * What the file system last knew of a deployed file. VS Code compares `mtime` and `size` with what it read to
 * tell a changed file; `mtime` moves when the stored version does, or when a reload must be forced.
 */
interface Known {
  readonly version: number;
  readonly size: number;
  readonly mtime: number;
}

/** How long after a publish by save the document is checked once more for the stored text (see `reloadAfterSave`). */
const RELOAD_CHECK_MS = 1000;

const encoder = new TextEncoder();

export class DeployedFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private readonly known = new Map<string, Known>();
  private lastMtime = 0;
  /** Why each deployed document is being saved (auto-save does not publish). */
  private readonly saveReasons = new Map<string, vscode.TextDocumentSaveReason>();
  /** Published by a save: the stored text the document is reloaded to once VS Code has finished saving. */
  private readonly reloads = new Map<string, string>();
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly connections: ConnectionStore,
    private readonly save: (request: SaveRequest) => Promise<SaveOutcome>,
  ) {
    this.disposables = [
      this.changes,
      vscode.workspace.onWillSaveTextDocument((event) => {
        if (event.document.uri.scheme === DEPLOYED_SCHEME) {
          this.saveReasons.set(event.document.uri.toString(), event.reason);
        }
      }),
      vscode.workspace.onDidSaveTextDocument((document) => this.reloadAfterSave(document)),
    ];
  }

  /** The uri of a connection's deployed config. */
  uriFor(connection: ServiceConnection): vscode.Uri {
    return vscode.Uri.from({ scheme: DEPLOYED_SCHEME, ...deployedUriParts(connection) });
  }

  /** The connection of a deployed uri; undefined for other uris and for connections that are gone. */
  connectionOf(uri: vscode.Uri): ServiceConnection | undefined {
    if (uri.scheme !== DEPLOYED_SCHEME) return undefined;
    const entry = parseDeployedUri(uri);
    return entry.kind === 'file' ? connectionAt(this.connections.list(), entry.address) : undefined;
  }

  /**
   * Tells VS Code that a connection's stored revision changed (published from elsewhere in the editor): an open
   * deployed document without edits reloads; one with edits gets VS Code's "the file is newer" on its next save.
   * Only documents read before need telling.
   */
  changed(connection: ServiceConnection): void {
    const uri = this.uriFor(connection);
    const known = this.known.get(uri.toString());
    if (known === undefined) return;
    this.known.set(uri.toString(), { ...known, mtime: this.nextMtime() });
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  watch(): vscode.Disposable {
    // Nothing to watch: the service pushes nothing; changes made from this editor are fired by `changed`.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const entry = parseDeployedUri(uri);
    if (entry.kind === 'none') throw vscode.FileSystemError.FileNotFound(uri);
    if (entry.kind !== 'file') return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    // Asked each time: VS Code stats before it reads (the mtime it keeps must be the one of what it reads) and
    // before it saves (a revision published elsewhere meanwhile is then "newer" before a 409 says so).
    const known = this.record(uri, await this.fetch(uri, entry.address));
    return { type: vscode.FileType.File, ctime: 0, mtime: known.mtime, size: known.size };
  }

  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    const entry = parseDeployedUri(uri);
    if (entry.kind === 'folder') return [[DEPLOYED_FILE, vscode.FileType.File]];
    if (entry.kind !== 'root') throw vscode.FileSystemError.FileNotADirectory(uri);
    return this.connections
      .list()
      .filter((c) => c.id === entry.connectionId)
      .map((c): [string, vscode.FileType] => [c.groupId, vscode.FileType.Directory]);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const entry = parseDeployedUri(uri);
    if (entry.kind !== 'file') throw vscode.FileSystemError.FileNotFound(uri);
    const stored = await this.fetch(uri, entry.address);
    this.record(uri, stored);
    return encoder.encode(stored.text);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const entry = parseDeployedUri(uri);
    if (entry.kind !== 'file') {
      throw vscode.FileSystemError.NoPermissions(`dbkit: only ${DEPLOYED_FILE} can be written on a service.`);
    }
    const connection = connectionAt(this.connections.list(), entry.address);
    if (connection === undefined) {
      throw vscode.FileSystemError.Unavailable(missingConnectionMessage(entry.address));
    }
    const key = uri.toString();
    const reason = this.saveReasons.get(key);
    this.saveReasons.delete(key);
    if (reason !== undefined && reason !== vscode.TextDocumentSaveReason.Manual) {
      throw vscode.FileSystemError.NoPermissions(
        'dbkit: auto-save does not publish the deployed config. Your edits are kept: save with Ctrl+S (Cmd+S) or run "dbkit: Publish to Service…" to publish them.',
      );
    }
    const outcome = await this.save({ uri, connection, text: new TextDecoder('utf-8').decode(content) });
    if (!outcome.published) throw vscode.FileSystemError.NoPermissions(outcome.reason);
    // VS Code now holds the text it wrote, whose `version` is the old one: once its save is done, it is reloaded
    // with the stored text.
    this.known.set(key, {
      version: outcome.version,
      size: encoder.encode(outcome.text).byteLength,
      mtime: this.nextMtime(),
    });
    this.reloads.set(key, outcome.text);
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions('dbkit: a service holds one automationConfig.json per project.');
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions(
      'dbkit: the deployed config cannot be deleted from the editor; publish the configuration you want instead.',
    );
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions('dbkit: the deployed config cannot be renamed.');
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  /**
   * A reload of a document published by its save, sent once VS Code has finished saving it: a change that arrives
   * while it saves is ignored, and one that names the same mtime as the save's is not read. Checked once more
   * later, should the document still not show the stored text.
   */
  private reloadAfterSave(document: vscode.TextDocument, again = true): void {
    const key = document.uri.toString();
    const text = this.reloads.get(key);
    if (text === undefined) return;
    if (document.isClosed || document.isDirty || document.getText() === text) {
      this.reloads.delete(key);
      return;
    }
    const known = this.known.get(key);
    if (known !== undefined) {
      this.known.set(key, { ...known, size: encoder.encode(text).byteLength, mtime: this.nextMtime() });
    }
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri: document.uri }]);
    if (again) setTimeout(() => this.reloadAfterSave(document, false), RELOAD_CHECK_MS);
    else this.reloads.delete(key);
  }

  /** The stored revision, or a file system error whose message says what to do. */
  private async fetch(uri: vscode.Uri, address: DeployedAddress): Promise<StoredConfig> {
    const connection = connectionAt(this.connections.list(), address);
    if (connection === undefined) throw vscode.FileSystemError.Unavailable(missingConnectionMessage(address));
    const read = await this.connections.readStored(connection);
    if (read.ok) return read.stored;
    if (read.reason === 'no-key') {
      throw vscode.FileSystemError.NoPermissions(
        `dbkit: the private key of ${connection.label} is needed to read its deployed config. Open it again and give the key.`,
      );
    }
    throw vscode.FileSystemError.Unavailable(`${read.message} (reading ${uri.path})`);
  }

  /** Remembers what was read; the mtime moves only when the stored revision did. */
  private record(uri: vscode.Uri, stored: StoredConfig): Known {
    const key = uri.toString();
    const size = encoder.encode(stored.text).byteLength;
    const previous = this.known.get(key);
    const known =
      previous !== undefined && previous.version === stored.version && previous.size === size
        ? previous
        : { version: stored.version, size, mtime: this.nextMtime() };
    this.known.set(key, known);
    return known;
  }

  /** A modification time after every one given before. */
  private nextMtime(): number {
    this.lastMtime = Math.max(Date.now(), this.lastMtime + 1);
    return this.lastMtime;
  }
}
