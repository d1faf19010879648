/**
 * The service connections: added, edited and removed through input boxes, the list in global state and each private
 * key in VS Code's `SecretStorage` (never in settings, the output channel or an error). Hands out one client per
 * connection and words every failure in one line with what to do, with an "Edit Service Connection" button where
 * editing the connection fixes it (`lib/connectionFailure.ts`).
 */
import { createClient, type DbkitClient, describeFailure, type StoredConfig } from '@dbkit/client';
import * as vscode from 'vscode';
import {
  type ConnectionFailure,
  connectionFailure,
  EDIT_CONNECTION,
  failureText,
  noPrivateKey,
} from '../lib/connectionFailure.js';
import {
  type Checked,
  CONNECTIONS_STATE_KEY,
  checkBaseUrl,
  checkGroupId,
  checkPrivateKey,
  checkPublicKey,
  connectionOf,
  readConnections,
  type ServiceConnection,
  secretKeyOf,
  withConnection,
  writeConnections,
} from '../lib/connections.js';
import { Command } from '../lib/constants.js';

export class ConnectionStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a connection is added, edited or removed. */
  readonly onDidChange = this.changed.event;
  private readonly clients = new Map<string, { readonly privateKey: string; readonly client: DbkitClient }>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly output: vscode.LogOutputChannel,
  ) {}

  list(): readonly ServiceConnection[] {
    return readConnections(this.context.globalState.get(CONNECTIONS_STATE_KEY));
  }

  find(id: string): ServiceConnection | undefined {
    return this.list().find((c) => c.id === id);
  }

  /** Asks for a new connection, checks it against the service, and keeps it. */
  add(): Promise<ServiceConnection | undefined> {
    return this.ask(undefined);
  }

  /** Asks again for a connection's fields (an empty private key keeps the stored one). */
  edit(connection: ServiceConnection): Promise<ServiceConnection | undefined> {
    return this.ask(connection);
  }

  async remove(connection: ServiceConnection): Promise<boolean> {
    const remove = 'Remove';
    const choice = await vscode.window.showWarningMessage(
      `Remove the connection ${connection.label}? Its private key and any unpublished draft of its deployed config are deleted from VS Code's secret storage; the service is not changed.`,
      { modal: true },
      remove,
    );
    if (choice !== remove) return false;
    await this.save(this.list().filter((c) => c.id !== connection.id));
    await this.context.secrets.delete(secretKeyOf(connection));
    this.clients.delete(connection.id);
    this.output.info(`dbkit: removed the connection ${connection.label}`);
    return true;
  }

  /** The client of a connection; undefined when its private key is missing and the user does not give it. */
  async client(connection: ServiceConnection): Promise<DbkitClient | undefined> {
    let privateKey = await this.context.secrets.get(secretKeyOf(connection));
    if (privateKey === undefined) {
      privateKey = await input({
        title: `dbkit: private key of ${connection.label}`,
        prompt: `The private key of ${connection.publicKey} (kept in VS Code's secret storage)`,
        password: true,
        check: checkPrivateKey,
      });
      if (privateKey === undefined) return undefined;
      await this.context.secrets.store(secretKeyOf(connection), privateKey);
    }
    const cached = this.clients.get(connection.id);
    if (cached?.privateKey === privateKey) return cached.client;
    const client = createClient({ baseUrl: connection.baseUrl, publicKey: connection.publicKey, privateKey });
    this.clients.set(connection.id, { privateKey, client });
    return client;
  }

  /**
   * The stored automation config of the connection's project, with the client that read it; or why not
   * (`no-key`: the user did not give the private key, so the service was not asked): `message` in words alone, for
   * a place without buttons, and `failure` for {@link showFailure}, with its button.
   */
  async readStored(connection: ServiceConnection): Promise<
    | { readonly ok: true; readonly client: DbkitClient; readonly stored: StoredConfig }
    | {
        readonly ok: false;
        readonly reason: 'no-key' | 'failed';
        readonly message: string;
        readonly failure: ConnectionFailure;
      }
  > {
    const client = await this.client(connection);
    if (client === undefined) {
      const failure = noPrivateKey(connection);
      return { ok: false, reason: 'no-key', message: failureText(failure), failure };
    }
    try {
      return { ok: true, client, stored: await client.automationConfig.get(connection.groupId) };
    } catch (error) {
      const failure = this.failure(error, connection);
      if (failure === undefined) throw error;
      return { ok: false, reason: 'failed', message: failureText(failure), failure };
    }
  }

  /**
   * A failed call as a notification shows it: the client's words, what to do here, and the button that fixes it
   * ({@link showFailure}). Undefined for an error that is not the client's (a bug, which the caller reports as such).
   */
  failure(error: unknown, connection: ServiceConnection): ConnectionFailure | undefined {
    const failure = describeFailure(error, connection.baseUrl, { groupId: connection.groupId });
    if (failure === undefined) return undefined;
    return connectionFailure(failure, { web: vscode.env.uiKind === vscode.UIKind.Web, origin: originHint() });
  }

  /**
   * A failed call in one line of words alone (where the edit is, instead of a button), for a place without buttons.
   * Undefined for an error that is not the client's.
   */
  describe(error: unknown, connection: ServiceConnection): string | undefined {
    const failure = this.failure(error, connection);
    return failure === undefined ? undefined : failureText(failure);
  }

  /**
   * Shows and logs a failure of the connection, with its button; the button edits the connection. Other buttons
   * (`choices`) come first; resolves to the one the user chose, if any.
   */
  async showFailure(
    failure: ConnectionFailure,
    connection: ServiceConnection,
    ...choices: readonly string[]
  ): Promise<string | undefined> {
    this.output.error(failure.message);
    const buttons = failure.action === undefined ? choices : [...choices, failure.action];
    const choice = await vscode.window.showErrorMessage(failure.message, ...buttons);
    if (choice === EDIT_CONNECTION && failure.action !== undefined) {
      await vscode.commands.executeCommand(Command.editConnection, { connection });
    }
    return choice;
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async save(connections: readonly ServiceConnection[]): Promise<void> {
    await this.context.globalState.update(CONNECTIONS_STATE_KEY, writeConnections(connections));
    this.changed.fire();
  }

  private async ask(previous: ServiceConnection | undefined): Promise<ServiceConnection | undefined> {
    const verb = previous === undefined ? 'Add' : 'Edit';
    const title = (step: number) => `dbkit: ${verb} Service Connection (${step}/4)`;
    const baseUrl = await input({
      title: title(1),
      prompt: 'The service’s address, as dbkit-server prints it',
      value: previous?.baseUrl ?? 'http://127.0.0.1:8080',
      check: checkBaseUrl,
    });
    if (baseUrl === undefined) return undefined;
    const groupId = await input({
      title: title(2),
      prompt: 'The project (group) id',
      value: previous?.groupId ?? '',
      check: checkGroupId,
    });
    if (groupId === undefined) return undefined;
    const publicKey = await input({
      title: title(3),
      prompt: 'The API key’s public part',
      value: previous?.publicKey ?? '',
      check: checkPublicKey,
    });
    if (publicKey === undefined) return undefined;
    const keep = previous !== undefined && publicKey === previous.publicKey;
    const typed = await input({
      title: title(4),
      prompt: keep
        ? 'The private key (leave empty to keep the stored one); kept in VS Code’s secret storage'
        : 'The private key; kept in VS Code’s secret storage, never in settings',
      password: true,
      check: keep ? (text) => ({ ok: true, value: text }) : checkPrivateKey,
    });
    if (typed === undefined) return undefined;
    const privateKey = typed === '' && previous ? await this.context.secrets.get(secretKeyOf(previous)) : typed;
    if (privateKey === undefined || privateKey === '') return undefined;
    const connection = connectionOf(baseUrl, groupId, publicKey, previous?.label);

    const problem = await this.check(connection, privateKey);
    if (problem !== undefined) {
      // The form is open: "Edit Again" is this failure's edit.
      const save = 'Save Anyway';
      const again = 'Edit Again';
      const choice = await vscode.window.showErrorMessage(problem.message, save, again);
      if (choice === again) return this.ask(connection);
      if (choice !== save) return undefined;
    }
    await this.context.secrets.store(secretKeyOf(connection), privateKey);
    if (previous !== undefined && previous.id !== connection.id) {
      await this.context.secrets.delete(secretKeyOf(previous));
      this.clients.delete(previous.id);
    }
    this.clients.delete(connection.id);
    await this.save(withConnection(this.list(), connection, previous?.id));
    this.output.info(
      `dbkit: ${previous ? 'updated' : 'added'} the connection ${connection.label} (public key ${publicKey})`,
    );
    return connection;
  }

  /** One call with the new key pair: the project's automation config. Undefined when it answers. */
  private async check(connection: ServiceConnection, privateKey: string): Promise<ConnectionFailure | undefined> {
    const client = createClient({
      baseUrl: connection.baseUrl,
      publicKey: connection.publicKey,
      privateKey,
      retry: { retries: 0 },
      timeoutMs: 10_000,
    });
    try {
      await client.automationConfig.get(connection.groupId);
      return undefined;
    } catch (error) {
      const failure = this.failure(error, connection);
      if (failure === undefined) throw error;
      return failure;
    }
  }
}

/** The origin the extension host's requests come from, to name in `--cors` (in VS Code for the Web). */
function originHint(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === 'string' && origin !== 'null' ? origin : undefined;
}

/** An input box that checks what is typed as it is typed, and gives the checked value. */
async function input(options: {
  readonly title: string;
  readonly prompt: string;
  readonly value?: string;
  readonly password?: boolean;
  readonly check: (text: string) => Checked<string>;
}): Promise<string | undefined> {
  const typed = await vscode.window.showInputBox({
    title: options.title,
    prompt: options.prompt,
    value: options.value ?? '',
    password: options.password === true,
    ignoreFocusOut: true,
    validateInput: (text) => {
      const checked = options.check(text);
      return checked.ok ? undefined : checked.message;
    },
  });
  if (typed === undefined) return undefined;
  const checked = options.check(typed);
  return checked.ok ? checked.value : undefined;
}
