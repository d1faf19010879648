/**
 * "dbkit: Compare with…": the plan from a deployed revision (the file's Git HEAD version, or a file the user picks)
 * to the automation config in the active editor, unsaved edits included. The server makes the plan (`dbkit/plan`:
 * core's `planTransition`, rendered as `dbkit plan` prints it); this opens it read-only beside the editor, with its
 * diagnostics in the Problems panel. Every failure is one message saying what, why and what to do.
 */
import type { PlanParams, PlanResult } from '@dbkit/language-server/server';
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  type HeadAvailability,
  headAvailability,
  planSummary,
  readFailure,
  unreadableMessage,
} from '../lib/compare.js';
import { LANGUAGE_ID, PLAN_REQUEST } from '../lib/constants.js';
import type { ClientSettings } from '../lib/settings.js';
import { applySeverityOverrides } from '../lib/severity.js';
import { type GitLookup, gitFacts, showHead } from './git.js';
import type { PlanDocuments } from './planDocuments.js';
import type { ServerHost } from './server.js';

/** The deployed revision: its name in the plan, its text, and its uri when it is a file of its own. */
interface OldRevision {
  readonly name: string;
  readonly text: string;
  readonly uri?: vscode.Uri;
}

interface Choice extends vscode.QuickPickItem {
  readonly id: 'head' | 'file';
}

export class CompareCommand {
  constructor(
    private readonly host: ServerHost,
    private readonly plans: PlanDocuments,
    private readonly settings: () => ClientSettings,
    private readonly output: vscode.LogOutputChannel,
  ) {}

  /** Runs the command on `uri` (from a menu) or the active editor's document. */
  async run(uri?: vscode.Uri): Promise<void> {
    const document = await this.target(uri);
    if (document === undefined) {
      void vscode.window.showWarningMessage(
        'dbkit: Compare with… needs an automation config in the editor. Open one (language "Automation Config"), then run the command again.',
      );
      return;
    }
    const name = vscode.workspace.asRelativePath(document.uri, false);
    // Git is asked while the pick is already shown: the Git extension may still be reading the repository.
    const git = gitFacts(document.uri);
    const choice = await pickRevision(name, git);
    if (choice === undefined) return;
    let old: OldRevision | undefined;
    if (choice === 'head') {
      const { facts, repository } = await git;
      const head = headAvailability(facts);
      if (!head.available || repository === undefined) {
        void vscode.window.showWarningMessage(
          `dbkit: no Git HEAD version of ${name}: ${head.available ? 'git did not answer' : head.reason}. ${head.available ? 'Try again, or choose “A file…”.' : head.hint}`,
        );
        return;
      }
      try {
        old = { name: head.name, text: await showHead(repository, document.uri) };
      } catch (error) {
        this.output.warn(`git show HEAD:${name}: ${error instanceof Error ? error.message : String(error)}`);
        void vscode.window.showErrorMessage(
          `dbkit: git could not show ${head.name} (is the file committed?). Commit it, or choose “A file…” to compare with a file instead.`,
        );
        return;
      }
    } else {
      old = await this.pickFile(document.uri);
      if (old === undefined) return;
    }
    await this.plan(document, name, old);
  }

  /** The automation config to compare: the one named by a menu, else the active editor's. */
  private async target(uri: vscode.Uri | undefined): Promise<vscode.TextDocument | undefined> {
    if (uri instanceof vscode.Uri) {
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      const document = open ?? (await vscode.workspace.openTextDocument(uri).then(undefined, () => undefined));
      return document?.languageId === LANGUAGE_ID ? document : undefined;
    }
    const active = vscode.window.activeTextEditor?.document;
    return active?.languageId === LANGUAGE_ID ? active : undefined;
  }

  private async pickFile(source: vscode.Uri): Promise<OldRevision | undefined> {
    const [picked] =
      (await vscode.window.showOpenDialog({
        title: 'dbkit: the deployed revision to compare with',
        openLabel: 'Compare',
        canSelectFiles: true,
        canSelectFolders: false,
        canSelectMany: false,
        defaultUri: vscode.Uri.joinPath(source, '..'),
        filters: { 'Automation configs': ['json'], 'All files': ['*'] },
      })) ?? [];
    if (picked === undefined) return undefined;
    const name = vscode.workspace.asRelativePath(picked, false);
    // A file open in an editor is compared as it is shown, unsaved edits included.
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === picked.toString());
    if (open !== undefined) return { name, text: open.getText(), uri: picked };
    try {
      return { name, text: new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(picked)), uri: picked };
    } catch (error) {
      const code = error instanceof vscode.FileSystemError ? error.code : (error as { code?: string }).code;
      const message = error instanceof Error ? error.message : String(error);
      void vscode.window.showErrorMessage(unreadableMessage(name, readFailure(code, message)));
      return undefined;
    }
  }

  private async plan(document: vscode.TextDocument, name: string, old: OldRevision): Promise<void> {
    const client = await this.host.client();
    if (client === undefined) {
      void vscode.window.showWarningMessage(
        this.settings().enable
          ? 'dbkit: the language server is not running, so there is no plan. See the dbkit output, or run "dbkit: Restart Language Server".'
          : 'dbkit is disabled (setting dbkit.enable): turn it on to compare revisions.',
      );
      return;
    }
    const planUri = this.plans.uriFor(document.uri);
    const params: PlanParams = {
      from: { name: old.name, text: old.text, ...(old.uri ? { uri: old.uri.toString() } : {}) },
      to: { name, text: document.getText(), uri: document.uri.toString() },
      planUri: planUri.toString(),
    };
    let result: PlanResult;
    try {
      result = await client.sendRequest<PlanResult>(PLAN_REQUEST, params);
    } catch (error) {
      this.output.error(`${PLAN_REQUEST}: ${error instanceof Error ? error.message : String(error)}`);
      void vscode.window.showErrorMessage(
        'dbkit: the language server did not answer with a plan. See the dbkit output, then try again.',
      );
      return;
    }
    if (!result.ok) {
      void vscode.window.showErrorMessage(result.error.startsWith('dbkit') ? result.error : `dbkit: ${result.error}`);
      return;
    }
    await this.plans.show(planUri, {
      text: result.text,
      planDiagnostics: await this.diagnostics(client, result.planDiagnostics),
      revisionDiagnostics: await Promise.all(
        result.revisionDiagnostics.map(async (r) => ({
          uri: vscode.Uri.parse(r.uri),
          diagnostics: await this.diagnostics(client, r.diagnostics),
        })),
      ),
    });
    const summary = planSummary(old.name, name, result.counts);
    this.output.info(summary);
    if (result.counts.errors > 0) {
      // Not awaited: the command is done once the plan shows; the notification waits for the user on its own.
      const show = 'Show Problems';
      void vscode.window.showWarningMessage(summary, show).then((picked) => {
        if (picked === show) void vscode.commands.executeCommand('workbench.actions.view.problems');
      });
    }
  }

  private async diagnostics(
    client: BaseLanguageClient,
    diagnostics: Extract<PlanResult, { ok: true }>['planDiagnostics'],
  ): Promise<vscode.Diagnostic[]> {
    const converted = await client.protocol2CodeConverter.asDiagnostics(diagnostics);
    return applySeverityOverrides(converted, this.settings().severityOverrides);
  }
}

/**
 * The quick pick: "Git HEAD version of this file" (busy until git answers, then saying why when it is not
 * available) and "A file…". Resolves with the choice, or undefined when the user closes it.
 */
async function pickRevision(name: string, git: Promise<GitLookup>): Promise<Choice['id'] | undefined> {
  const quickPick = vscode.window.createQuickPick<Choice>();
  quickPick.title = `dbkit: Compare ${name} with…`;
  quickPick.placeholder =
    'The deployed revision to plan from (the editor’s text, unsaved edits included, is the new one)';
  quickPick.items = choices(undefined);
  quickPick.busy = true;
  void git.then(({ facts }) => {
    const active = quickPick.activeItems[0]?.id;
    quickPick.items = choices(headAvailability(facts));
    quickPick.activeItems = quickPick.items.filter((item) => item.id === active);
    quickPick.busy = false;
  });
  try {
    return await new Promise<Choice['id'] | undefined>((resolve) => {
      quickPick.onDidAccept(() => {
        resolve(quickPick.selectedItems[0]?.id);
        quickPick.hide();
      });
      quickPick.onDidHide(() => resolve(undefined));
      quickPick.show();
    });
  } finally {
    quickPick.dispose();
  }
}

/** The pick's items; `head` undefined while git has not answered. */
function choices(head: HeadAvailability | undefined): Choice[] {
  if (head === undefined) {
    return [
      {
        id: 'head',
        label: '$(git-commit) Git HEAD version of this file',
        description: 'checking git…',
        detail: 'The last committed revision, as deployed.',
      },
      FILE_CHOICE,
    ];
  }
  return [
    head.available
      ? {
          id: 'head',
          label: '$(git-commit) Git HEAD version of this file',
          description: head.name,
          detail: 'The last committed revision, as deployed.',
        }
      : {
          id: 'head',
          label: '$(git-commit) Git HEAD version of this file',
          description: 'not available',
          detail: `${head.reason[0]?.toUpperCase()}${head.reason.slice(1)}. ${head.hint}`,
        },
    FILE_CHOICE,
  ];
}

const FILE_CHOICE: Choice = {
  id: 'file',
  label: '$(file) A file…',
  detail: 'Choose the deployed revision: another automation config on disk.',
};
