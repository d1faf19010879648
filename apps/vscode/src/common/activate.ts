/**
 * Everything the extension does, for both entries: the Node one (`extension.ts`) and the browser one
 * (`browserExtension.ts`) differ only in how the language client reaches the server.
 */
import * as vscode from 'vscode';
import { activationLine } from '../lib/activation.js';
import { AUTOMATION_SCHEMA_FILE, Command, SCHEMA_DIR, SECTION } from '../lib/constants.js';
import { type ClientSettings, readClientSettings } from '../lib/settings.js';
import { readSeverityOverrides } from '../lib/severity.js';
import { registerCodePages } from './codePages.js';
import { CompareCommand } from './compare.js';
import { registerDeployed } from './deployed.js';
import { PlanDocuments } from './planDocuments.js';
import { type ClientFactory, ServerHost } from './server.js';
import { activateServices } from './services.js';
import { StatusItem } from './status.js';
import { DocumentSwitcher } from './switcher.js';
import { WorkspaceValidator } from './workspaceValidation.js';

export type { ClientFactory } from './server.js';

export interface DbkitExtension {
  dispose(): Promise<void>;
}

/** Where the language server runs, for the output channel. */
export type ServerKind = 'Node process (IPC)' | 'web worker';

export function activateDbkit(
  context: vscode.ExtensionContext,
  createClient: ClientFactory,
  serverKind: ServerKind,
): DbkitExtension {
  const output = vscode.window.createOutputChannel('dbkit', { log: true });
  let settings: ClientSettings = readSettings(output);
  const current = () => settings;

  const host = new ServerHost(createClient, output, current);
  const switcher = new DocumentSwitcher(current, output);
  const status = new StatusItem(host);
  const validator = new WorkspaceValidator(host, current, output);
  const plans = new PlanDocuments();
  const compare = new CompareCommand(host, plans, current, output);
  const services = activateServices(context, output);
  registerDeployed(services, { host, plans, compare });
  registerCodePages(context, output);

  context.subscriptions.push(
    output,
    switcher,
    status,
    validator,
    plans,
    compare,
    vscode.commands.registerCommand(Command.validateWorkspace, () => validateWorkspace(validator, output)),
    vscode.commands.registerCommand(Command.openSchema, () => openSchema(context, switcher)),
    vscode.commands.registerCommand(Command.restartServer, () => restartServer(host, current())),
    vscode.commands.registerCommand(Command.showOutput, () => output.show(true)),
    vscode.commands.registerCommand(Command.compareWith, (uri?: vscode.Uri) => compare.run(uri)),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration(SECTION) && !event.affectsConfiguration('files.associations')) return;
      const previous = settings;
      settings = readSettings(output);
      await settingsChanged(event, previous, settings, { host, switcher, status, validator });
    }),
  );

  void host.start();
  switcher.checkOpenDocuments();
  output.info(activationLine(context.extension.packageJSON as { version?: unknown }, serverKind));

  return {
    async dispose() {
      await host.stop();
      host.dispose();
    },
  };
}

/** The parts a change of settings restarts, stops or asks to look again. */
interface SettingsListeners {
  readonly host: ServerHost;
  readonly switcher: DocumentSwitcher;
  readonly status: StatusItem;
  readonly validator: WorkspaceValidator;
}

/** After the settings changed: start or stop the server, or pass on what changed to the parts that read it. */
async function settingsChanged(
  event: vscode.ConfigurationChangeEvent,
  previous: ClientSettings,
  settings: ClientSettings,
  { host, switcher, status, validator }: SettingsListeners,
): Promise<void> {
  if (previous.enable !== settings.enable) {
    if (settings.enable) {
      await host.start();
      switcher.checkOpenDocuments();
    } else {
      validator.clear();
      await host.stop();
    }
    status.update();
    return;
  }
  // The server pulls the `dbkit` section itself (and re-pulls diagnostics, which the middleware overrides).
  if (event.affectsConfiguration(`${SECTION}.files.associations`) || event.affectsConfiguration('files.associations')) {
    switcher.checkOpenDocuments();
  }
  if (event.affectsConfiguration(`${SECTION}.diagnostics.severityOverrides`)) await validator.refresh();
  // The server reads where the code links go when it starts.
  if (event.affectsConfiguration(`${SECTION}.codes.baseUrl`)) await host.restart();
}

/** The Validate Workspace command: every automation config checked, and the counts said once. */
async function validateWorkspace(validator: WorkspaceValidator, output: vscode.LogOutputChannel): Promise<void> {
  const summary = await validator.run();
  if (summary === undefined) return;
  const message = `dbkit: ${summary.files} automation config${summary.files === 1 ? '' : 's'} checked: ${summary.errors} error${summary.errors === 1 ? '' : 's'}, ${summary.warnings} warning${summary.warnings === 1 ? '' : 's'}.`;
  output.info(message);
  const show = 'Show Problems';
  const choice = await (summary.errors > 0
    ? vscode.window.showWarningMessage(message, show)
    : vscode.window.showInformationMessage(message, show));
  if (choice === show) await vscode.commands.executeCommand('workbench.actions.view.problems');
}

/** The Restart Language Server command; a disabled extension says why it does not. */
async function restartServer(host: ServerHost, settings: ClientSettings): Promise<void> {
  if (!settings.enable) {
    void vscode.window.showInformationMessage('dbkit is disabled (setting dbkit.enable).');
    return;
  }
  await host.restart();
}

function readSettings(output: vscode.LogOutputChannel): ClientSettings {
  const configuration = vscode.workspace.getConfiguration(SECTION);
  for (const entry of readSeverityOverrides(configuration.get('diagnostics.severityOverrides')).ignored) {
    output.warn(`dbkit.diagnostics.severityOverrides: ignored ${entry} (use error, warning, information, hint or off)`);
  }
  return readClientSettings((key) => configuration.get(key), vscode.env.uriScheme);
}

/** Opens the bundled automation-config schema, as JSON (its name matches a catalog pattern). */
async function openSchema(context: vscode.ExtensionContext, switcher: DocumentSwitcher): Promise<void> {
  const uri = vscode.Uri.joinPath(context.extensionUri, SCHEMA_DIR, AUTOMATION_SCHEMA_FILE);
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(uri);
  } catch {
    // VS Code for the Web serves extension files over https, which text documents cannot open.
    const content = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
    document = await vscode.workspace.openTextDocument({ language: 'json', content });
  }
  await vscode.window.showTextDocument(await switcher.check(document), { preview: true });
}
