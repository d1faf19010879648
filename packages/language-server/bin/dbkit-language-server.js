#!/usr/bin/env node
// The language server over Node: --stdio (default), --node-ipc or --socket=<port>, as vscode-languageserver reads them.
import '../dist/node.js';
