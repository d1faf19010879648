/**
 * The deployed automation configs as files: `dbkit://<public key>@<host>/<project>/automationConfig.json`. A file
 * holds the connection's draft when it has one (`DraftStore`), else the stored revision, read from the service. A
 * save never publishes and never fails for it: it keeps the text as the draft, or drops the draft when the text is
 * the stored revision again. Publish (`publish.ts`) is the step that plans, asks and sends; a manual save offers it.
 */
import type { StoredConfig } from '@dbkit/client';
import * as vscode from 'vscode';
import type { ServiceConnection } from '../lib/connections.js';
import { DEPLOYED_SCHEME } from '../lib/constants.js';
import {
  connectionAt,
  connectionsAtRoot,
  DEPLOYED_FILE,
  type DeployedAddress,
  deployedUriParts,
  missingConnectionMessage,
  parseDeployedUri,
} from '../lib/deployed.js';
import type { ConnectionStore } from './connections.js';
import type { DraftStore } from './drafts.js';

/**
 * What VS Code last got of a deployed file. It compares `mtime` and `size` with what it read to tell a changed file,
 * and refuses a save when they moved since: `mtime` moves only when what the file holds does.
 */
interface Known {
  /** The draft, or the stored revision `version`. */
  readonly holds: 'draft' | number;
  readonly size: number;
  readonly mtime: number;
}

/** A save that kept a draft: the connection, and whether the user saved by hand (Ctrl+S) or VS Code did. */
export interface DraftSaved {
  readonly uri: vscode.Uri;
  readonly connection: ServiceConnection;
  readonly manual: boolean;
}

/** A stored revision's text and version. */
type Stored = Pick<StoredConfig, 'text' | 'version'>;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

export class DeployedFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private readonly draftSaved = new vscode.EventEmitter<DraftSaved>();
  /** Fires after a save kept a draft. */
  readonly onDidSaveDraft = this.draftSaved.event;
  private readonly known = new Map<string, Known>();
  /** The stored revision last read or published, by connection id: a save of the same text keeps no draft. */
  private readonly stored = new Map<string, Stored>();
  private lastMtime = 0;
  /** Why each deployed document is being saved. */
  private readonly saveReasons = new Map<string, vscode.TextDocumentSaveReason>();
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly connections: ConnectionStore,
    private readonly drafts: DraftStore,
  ) {
    this.disposables = [
      this.changes,
      this.draftSaved,
      vscode.workspace.onWillSaveTextDocument((event) => {
        if (event.document.uri.scheme === DEPLOYED_SCHEME) {
          this.saveReasons.set(event.document.uri.toString(), event.reason);
        }
      }),
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

  /** The open documents of a connection's deployed config (its uri, or one an older version of dbkit spelt). */
  documentsOf(connection: ServiceConnection): readonly vscode.TextDocument[] {
    return vscode.workspace.textDocuments.filter((d) => this.connectionOf(d.uri)?.id === connection.id);
  }

  /**
   * The stored revision changed, or the draft was dropped, from elsewhere in the editor: a document that shows
   * neither a draft nor unsaved edits reloads. One with edits keeps them; saving them keeps a draft.
   */
  changed(connection: ServiceConnection): void {
    for (const document of this.documentsOf(connection)) {
      const key = document.uri.toString();
      const known = this.known.get(key);
      if (known === undefined || document.isDirty) continue;
      this.known.set(key, { ...known, mtime: this.nextMtime() });
      this.changes.fire([{ type: vscode.FileChangeType.Changed, uri: document.uri }]);
    }
  }

  /** The service now stores `stored` (published from this editor). */
  published(connection: ServiceConnection, stored: Stored): void {
    this.stored.set(connection.id, stored);
  }

  watch(): vscode.Disposable {
    // Nothing to watch: the service pushes nothing; changes made from this editor are fired by `changed`.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const entry = parseDeployedUri(uri);
    if (entry.kind === 'none') throw vscode.FileSystemError.FileNotFound(uri);
    if (entry.kind !== 'file') return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const known = await this.current(uri, entry.address);
    return { type: vscode.FileType.File, ctime: 0, mtime: known.mtime, size: known.size };
  }

  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    const entry = parseDeployedUri(uri);
    if (entry.kind === 'folder') return [[DEPLOYED_FILE, vscode.FileType.File]];
    if (entry.kind !== 'root') throw vscode.FileSystemError.FileNotADirectory(uri);
    return connectionsAtRoot(this.connections.list(), uri.authority).map((c): [string, vscode.FileType] => [
      c.groupId,
      vscode.FileType.Directory,
    ]);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const entry = parseDeployedUri(uri);
    if (entry.kind !== 'file') throw vscode.FileSystemError.FileNotFound(uri);
    const connection = this.connectionAt(entry.address);
    const draft = await this.drafts.text(connection);
    if (draft !== undefined) {
      this.record(uri, 'draft', draft);
      return encoder.encode(draft);
    }
    const stored = await this.fetch(connection);
    this.record(uri, stored.version, stored.text);
    return encoder.encode(stored.text);
  }

  /** Keeps the text as the draft, or drops the draft when the text is the stored revision: never publishes. */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const entry = parseDeployedUri(uri);
    if (entry.kind !== 'file') {
      throw vscode.FileSystemError.NoPermissions(`dbkit: only ${DEPLOYED_FILE} can be written on a service.`);
    }
    const connection = this.connectionAt(entry.address);
    const key = uri.toString();
    const reason = this.saveReasons.get(key);
    this.saveReasons.delete(key);
    const text = decoder.decode(content);
    const stored = this.stored.get(connection.id);
    if (stored !== undefined && stored.text === text) {
      await this.drafts.discard(connection);
      this.record(uri, stored.version, text, true);
      return;
    }
    await this.drafts.save(connection, text, stored?.version ?? this.drafts.info(connection)?.storedVersion);
    this.record(uri, 'draft', text, true);
    this.draftSaved.fire({ uri, connection, manual: reason === vscode.TextDocumentSaveReason.Manual });
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
   * What the file holds now. A draft, or a document with unsaved edits, is answered from what was last read or
   * written: VS Code stats before each save, and a save writes a draft, which the service's revision cannot conflict
   * with (Publish finds that out). Else the service is asked, so a revision published elsewhere reads as newer.
   */
  private async current(uri: vscode.Uri, address: DeployedAddress): Promise<Known> {
    const key = uri.toString();
    const known = this.known.get(key);
    const connection = this.connectionAt(address);
    const dirty = vscode.workspace.textDocuments.some((d) => d.isDirty && d.uri.toString() === key);
    if (known !== undefined && (dirty || known.holds === 'draft')) return known;
    const draft = await this.drafts.text(connection);
    if (draft !== undefined) return this.record(uri, 'draft', draft);
    const stored = await this.fetch(connection);
    return this.record(uri, stored.version, stored.text);
  }

  private connectionAt(address: DeployedAddress): ServiceConnection {
    const connection = connectionAt(this.connections.list(), address);
    if (connection === undefined) throw vscode.FileSystemError.Unavailable(missingConnectionMessage(address));
    return connection;
  }

  /** The stored revision, or a file system error whose message says what to do. */
  private async fetch(connection: ServiceConnection): Promise<StoredConfig> {
    const read = await this.connections.readStored(connection);
    if (read.ok) {
      this.stored.set(connection.id, read.stored);
      return read.stored;
    }
    if (read.reason === 'no-key') {
      throw vscode.FileSystemError.NoPermissions(
        `dbkit: the private key of ${connection.label} is needed to read its deployed config. Open it again and give the key.`,
      );
    }
    throw vscode.FileSystemError.Unavailable(read.message);
  }

  /** Remembers what the file holds; the mtime moves when that changed, or always after a write (`written`). */
  private record(uri: vscode.Uri, holds: Known['holds'], text: string, written = false): Known {
    const key = uri.toString();
    const size = encoder.encode(text).byteLength;
    const previous = this.known.get(key);
    const known =
      !written && previous !== undefined && previous.holds === holds && previous.size === size
        ? previous
        : { holds, size, mtime: this.nextMtime() };
    this.known.set(key, known);
    return known;
  }

  /** A modification time after every one given before. */
  private nextMtime(): number {
    this.lastMtime = Math.max(Date.now(), this.lastMtime + 1);
    return this.lastMtime;
  }
}
