/**
 * The drafts from the editor: Discard Draft (after a confirmation, the draft goes and the open document shows the
 * stored revision again), and the offer to publish after a save by hand kept a draft. What a draft is and where it
 * is kept is `drafts.ts`; a save keeps one through `deployedFs.ts`.
 */
import * as vscode from 'vscode';
import { draftLabel } from '../lib/drafts.js';
import type { DeployedFileSystem, DraftSaved } from './deployedFs.js';
import { applyReplacements } from './replacements.js';
import type { ConnectionArgument, ServiceContext } from './serviceContext.js';

/** The Discard Draft command: after a confirmation, the draft goes and the open document shows the stored revision. */
export async function discardDraft(
  services: ServiceContext,
  fs: DeployedFileSystem,
  argument: vscode.Uri | ConnectionArgument,
): Promise<void> {
  const connection =
    argument === undefined || argument instanceof vscode.Uri
      ? fs.connectionOf(argument ?? vscode.window.activeTextEditor?.document.uri ?? vscode.Uri.parse('none:'))
      : argument.connection;
  if (connection === undefined) {
    void vscode.window.showWarningMessage(
      'dbkit: Discard Draft works on a deployed config (dbkit: Open Deployed Config).',
    );
    return;
  }
  const info = services.drafts.info(connection);
  const documents = fs.documentsOf(connection);
  if (info === undefined && !documents.some((d) => d.isDirty)) {
    void vscode.window.showInformationMessage(
      `dbkit: ${connection.label} has no draft: the editor shows the stored revision.`,
    );
    return;
  }
  const discard = 'Discard Draft';
  const choice = await vscode.window.showWarningMessage(
    `Discard the draft of ${connection.label}?`,
    {
      modal: true,
      detail:
        'Your unpublished edits of the deployed config are lost, and the editor shows the stored revision again. The service is not changed.',
    },
    discard,
  );
  if (choice !== discard) return;
  const read = await services.connections.readStored(connection);
  if (!read.ok) {
    void services.connections.showFailure(read.failure, connection);
    return;
  }
  await services.drafts.discard(connection);
  fs.published(connection, read.stored);
  for (const document of documents) {
    const whole = { offset: 0, length: document.getText().length, content: read.stored.text };
    await applyReplacements(document, [whole]);
    if (document.isDirty) await document.save();
  }
  services.output.info(`dbkit: discarded the draft of ${connection.label}`);
}

/** After a save kept a draft: a save by hand (Ctrl+S) offers Publish, which runs `publish`; auto-save says nothing. */
export function offerPublish(services: ServiceContext, saved: DraftSaved, publish: (uri: vscode.Uri) => void): void {
  if (!saved.manual) return;
  const info = services.drafts.info(saved.connection);
  const choice = 'Publish…';
  void vscode.window
    .showInformationMessage(
      `dbkit: ${info === undefined ? 'draft saved' : draftLabel(info, new Date())}: the service still runs the stored revision of ${saved.connection.label}.`,
      choice,
    )
    .then((picked) => {
      if (picked === choice) publish(saved.uri);
    });
}
