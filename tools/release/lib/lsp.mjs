// The Language Server Protocol's base protocol, just enough to greet a server over stdio: `Content-Length` framing
// of JSON-RPC messages (pure), and one initialize / shutdown / exit exchange.

/**
 * @typedef {{ jsonrpc: '2.0', id?: number | string | null, method?: string, params?: unknown, result?: any, error?: { code: number, message: string } }} RpcMessage
 */

/**
 * One message as the base protocol sends it: a `Content-Length` header counting the UTF-8 bytes of the body.
 * @param {RpcMessage} message
 */
export function frame(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/**
 * The complete messages at the start of `buffer`, and the bytes of an incomplete one left after them.
 * @param {Buffer} buffer
 * @returns {{ messages: RpcMessage[], rest: Buffer }}
 */
export function parseFrames(buffer) {
  /** @type {RpcMessage[]} */
  const messages = [];
  let rest = buffer;
  for (;;) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    if (headerEnd === -1) break;
    const header = rest.subarray(0, headerEnd).toString('ascii');
    const length = /^content-length: *(\d+)$/im.exec(header)?.[1];
    if (length === undefined) throw new Error(`Expected a Content-Length header, got ${JSON.stringify(header)}`);
    const start = headerEnd + 4;
    const end = start + Number(length);
    if (rest.length < end) break;
    messages.push(JSON.parse(rest.subarray(start, end).toString('utf8')));
    rest = rest.subarray(end);
  }
  return { messages, rest };
}

/**
 * Greets a language server on a child's stdio: `initialize`, `shutdown`, then `exit`. Resolves with the initialize
 * result; rejects when the server answers with an error or not within `timeoutMs` per request.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} timeoutMs
 */
export function greet(child, timeoutMs) {
  const stdin = child.stdin;
  const stdout = child.stdout;
  if (!stdin || !stdout) throw new Error('Expected a child with piped stdin and stdout');
  /** @type {Buffer} */
  let pending = Buffer.alloc(0);
  /** @type {Map<number, (message: RpcMessage) => void>} */
  const waiting = new Map();
  stdout.on('data', (/** @type {Buffer} */ chunk) => {
    const { messages, rest } = parseFrames(Buffer.concat([pending, chunk]));
    pending = rest;
    for (const message of messages) {
      if (typeof message.id === 'number' && message.method === undefined) waiting.get(message.id)?.(message);
    }
  });
  stdin.on('error', () => {});
  /** @param {number} id @param {string} method @param {unknown} params @returns {Promise<any>} */
  const request = (id, method, params) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method} within ${timeoutMs} ms`)), timeoutMs);
      child.once('exit', (code) => reject(new Error(`the server exited (code ${code}) before answering ${method}`)));
      waiting.set(id, (message) => {
        clearTimeout(timer);
        if (message.error) reject(new Error(`${method} failed: ${message.error.message}`));
        else resolve(message.result);
      });
      stdin.write(frame({ jsonrpc: '2.0', id, method, params }));
    });
  return (async () => {
    const initialized = await request(1, 'initialize', {
      processId: process.pid,
      clientInfo: { name: 'dbkit release check' },
      rootUri: null,
      capabilities: {},
    });
    await request(2, 'shutdown', null);
    stdin.end(frame({ jsonrpc: '2.0', method: 'exit' }));
    return initialized;
  })();
}
