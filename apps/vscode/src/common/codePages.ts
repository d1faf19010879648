/**
 * The codes' reference pages in the editor (`lib/codePages.ts`): the uri handler the diagnostics' code links reach,
 * the read-only Markdown document of each code, its preview, and **dbkit: Explain Code…**.
 */
import { allCodes, explainCode, explainMarkdown } from '@dbkit/core/explain';
import * as vscode from 'vscode';
import { CODE_PAGE_SCHEME, codeDocumentPath, codeOfPath, EXTENSION_ID } from '../lib/codePages.js';
import { Command } from '../lib/constants.js';

/** The Markdown of a code's page; other codes link to their own pages through the uri handler. */
function pageOf(code: string): string | undefined {
  const entry = explainCode(code);
  if (entry === undefined) return undefined;
  return explainMarkdown(entry, { code: (other) => `${vscode.env.uriScheme}://${EXTENSION_ID}/codes/${other}` });
}

/** Opens a code's page in the Markdown preview; says so in one line when dbkit does not report that code. */
async function showCode(code: string, output: vscode.LogOutputChannel): Promise<void> {
  if (explainCode(code) === undefined) {
    void vscode.window.showWarningMessage(
      `dbkit: ${code} is not a code dbkit reports; dbkit: Explain Code… lists them.`,
    );
    return;
  }
  const uri = vscode.Uri.from({ scheme: CODE_PAGE_SCHEME, path: codeDocumentPath(code) });
  output.info(`dbkit: showing the page of ${code}`);
  await vscode.commands.executeCommand('markdown.showPreview', uri);
}

export function registerCodePages(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): void {
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(CODE_PAGE_SCHEME, {
      provideTextDocumentContent: (uri) => {
        const code = codeOfPath(uri.path);
        return (code === undefined ? undefined : pageOf(code)) ?? `# ${uri.path}\n\nNot a code dbkit reports.\n`;
      },
    }),
    vscode.window.registerUriHandler({
      handleUri: (uri) => {
        const code = codeOfPath(uri.path);
        if (code === undefined) {
          output.warn(`dbkit: no page at ${uri.toString()}`);
          return;
        }
        void showCode(code, output);
      },
    }),
    vscode.commands.registerCommand(Command.explainCode, async (code?: string) => {
      const picked =
        typeof code === 'string'
          ? code
          : (
              await vscode.window.showQuickPick(
                allCodes().map((c) => ({ label: c.code, description: c.severity, detail: c.title })),
                { placeHolder: 'Explain which code?', matchOnDetail: true },
              )
            )?.label;
      if (picked !== undefined) await showCode(picked.trim().toUpperCase(), output);
    }),
  );
}
