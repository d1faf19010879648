// The LSP client the stdio benchmarks share: a server spawned over its process pipes and driven with
// vscode-languageserver-protocol (as VS Code and neovim do), declaring what VS Code's client declares.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  createProtocolConnection,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function positionAt(text, offset) {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, character: offset - lineStart };
}

export function rssMB(pid, field = 'VmRSS') {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

export async function startServer(server, { pull = false, args = [], initializationOptions } = {}) {
  const child = spawn(process.execPath, [server, '--stdio', ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const waiters = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    for (const waiter of waiters.splice(0)) waiter(params);
  });
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    initializationOptions,
    capabilities: {
      textDocument: {
        // As VS Code's client declares them (vscode-languageclient 9): completion answers may say shared parts once.
        completion: {
          completionItem: { snippetSupport: true },
          completionList: {
            itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'],
          },
        },
        hover: { contentFormat: ['markdown'] },
        rename: { prepareSupport: true },
        // VS Code's client pulls diagnostics (LSP 3.17); the table's client has them pushed.
        ...(pull ? { diagnostic: {} } : {}),
      },
    },
  });
  await connection.sendNotification('initialized', {});
  const nextDiagnostics = () => new Promise((resolve) => waiters.push(resolve));
  return { child, connection, nextDiagnostics };
}

/**
 * The cases a bench runs: all of them, or with `--size "~3 MB"` the one of that label (its rows are printed, not
 * written: `pnpm bench` runs them all). An unknown label ends the process with the labels it takes.
 */
export function chosenCases(bench, cases) {
  const sizeAt = process.argv.indexOf('--size');
  const chosen = sizeAt < 0 ? cases : cases.filter((spec) => spec.label === process.argv[sizeAt + 1]);
  if (chosen.length === 0) {
    console.error(`${bench}: --size takes one of ${cases.map((spec) => `"${spec.label}"`).join(', ')}`);
    process.exit(2);
  }
  return chosen;
}
