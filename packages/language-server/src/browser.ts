/**
 * The browser entry: the same server in a web worker (VS Code for the Web, the monaco playground), speaking LSP
 * over the worker's messages.
 */
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { createServer } from './server/createServer.js';

// `self` is the worker's global scope; core's lib settings do not include the DOM or WebWorker types.
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

createServer(createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self)));
