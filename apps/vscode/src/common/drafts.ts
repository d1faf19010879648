/**
 * The drafts of deployed configs: what a save of a `dbkit:` document keeps (see `lib/drafts.ts`). Each text lives in
 * VS Code's `SecretStorage`, since a deployed config holds the deployment's secrets; global state lists which
 * connections have one. Writes of one connection run in order, so the last save wins even when auto-save fires
 * while the previous write is still under way.
 */
import * as vscode from 'vscode';
import type { ServiceConnection } from '../lib/connections.js';
import { ACTIVE_DRAFT_CONTEXT, DEPLOYED_SCHEME } from '../lib/constants.js';
import {
  DRAFTS_STATE_KEY,
  type DraftIndex,
  type DraftInfo,
  draftLabel,
  draftSecretKey,
  draftsOf,
  readDraftIndex,
  withDraft,
} from '../lib/drafts.js';

export class DraftStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fires with a connection's id when its draft is saved or discarded. */
  readonly onDidChange = this.changed.event;
  /** The texts read or written in this window, by connection id. */
  private readonly texts = new Map<string, string>();
  /** The last write of each connection, so the next one waits for it. */
  private readonly writes = new Map<string, Promise<void>>();

  constructor(private readonly context: vscode.ExtensionContext) {}

  /** The drafts, by connection id. */
  index(): DraftIndex {
    return readDraftIndex(this.context.globalState.get(DRAFTS_STATE_KEY));
  }

  info(connection: Pick<ServiceConnection, 'id'>): DraftInfo | undefined {
    return this.index()[connection.id];
  }

  /** The draft's text, or undefined when the connection has none (or its text is gone from the secret storage). */
  async text(connection: Pick<ServiceConnection, 'id'>): Promise<string | undefined> {
    await this.writes.get(connection.id);
    if (this.info(connection) === undefined) return undefined;
    const cached = this.texts.get(connection.id);
    if (cached !== undefined) return cached;
    const stored = await this.context.secrets.get(draftSecretKey(connection));
    if (stored === undefined) {
      await this.writeIndex(withDraft(this.index(), connection.id, undefined), connection.id);
      return undefined;
    }
    this.texts.set(connection.id, stored);
    return stored;
  }

  /** Keeps `text` as the connection's draft, saved over stored version `storedVersion`. */
  save(connection: Pick<ServiceConnection, 'id'>, text: string, storedVersion: number | undefined): Promise<void> {
    this.texts.set(connection.id, text);
    const info: DraftInfo = { savedAt: Date.now(), storedVersion };
    return this.queue(connection.id, async () => {
      await this.context.secrets.store(draftSecretKey(connection), text);
      await this.writeIndex(withDraft(this.index(), connection.id, info), connection.id);
    });
  }

  /** Drops the connection's draft; nothing when it has none. */
  discard(connection: Pick<ServiceConnection, 'id'>): Promise<void> {
    this.texts.delete(connection.id);
    return this.queue(connection.id, async () => {
      if (this.info(connection) === undefined) return;
      await this.writeIndex(withDraft(this.index(), connection.id, undefined), connection.id);
      await this.context.secrets.delete(draftSecretKey(connection));
    });
  }

  /** Moves a draft to the connection an edit made of its own (another address, project or public key). */
  async move(from: Pick<ServiceConnection, 'id'>, to: Pick<ServiceConnection, 'id'>): Promise<void> {
    if (from.id === to.id) return;
    const text = await this.text(from);
    if (text === undefined) return;
    await this.save(to, text, this.info(from)?.storedVersion);
    await this.discard(from);
  }

  /** Drops the drafts of connections no longer in the list. */
  async prune(connections: readonly Pick<ServiceConnection, 'id'>[]): Promise<void> {
    const kept = draftsOf(this.index(), connections);
    for (const id of Object.keys(this.index())) if (!(id in kept)) await this.discard({ id });
  }

  dispose(): void {
    this.changed.dispose();
  }

  private queue(id: string, write: () => Promise<void>): Promise<void> {
    const next = (this.writes.get(id) ?? Promise.resolve()).then(write, write);
    this.writes.set(id, next);
    return next;
  }

  private async writeIndex(index: DraftIndex, id: string): Promise<void> {
    await this.context.globalState.update(DRAFTS_STATE_KEY, index);
    this.changed.fire(id);
  }
}

/**
 * Marks a deployed document with a draft in the editor's tab and the explorer: a `D` badge in the modified colour
 * and "draft, not published" in the tooltip. Sets {@link ACTIVE_DRAFT_CONTEXT} for the active editor.
 */
export class DraftDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri[] | undefined>();
  readonly onDidChangeFileDecorations = this.changed.event;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly drafts: DraftStore,
    private readonly connectionOf: (uri: vscode.Uri) => Pick<ServiceConnection, 'id'> | undefined,
  ) {
    this.disposables = [
      this.changed,
      drafts.onDidChange(() => {
        this.changed.fire(undefined);
        this.updateContext();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()),
    ];
    this.updateContext();
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== DEPLOYED_SCHEME) return undefined;
    const connection = this.connectionOf(uri);
    const info = connection === undefined ? undefined : this.drafts.info(connection);
    if (info === undefined) return undefined;
    return new vscode.FileDecoration(
      'D',
      draftLabel(info, new Date()),
      new vscode.ThemeColor('gitDecoration.modifiedResourceForeground'),
    );
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  private updateContext(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const connection = uri === undefined ? undefined : this.connectionOf(uri);
    const hasDraft = connection !== undefined && this.drafts.info(connection) !== undefined;
    void vscode.commands.executeCommand('setContext', ACTIVE_DRAFT_CONTEXT, hasDraft);
  }
}
