import { describe, expect, it } from 'vitest';
import { frame, parseFrames } from '../lib/lsp.mjs';

describe('frame', () => {
  it('counts the bytes of the body, not its characters', () => {
    const framed = frame({ jsonrpc: '2.0', method: 'window/logMessage', params: { message: 'é' } });
    const [header, body] = framed.toString('utf8').split('\r\n\r\n');
    expect(header).toBe(`Content-Length: ${Buffer.byteLength(body ?? '')}`);
    expect(Buffer.byteLength(body ?? '')).toBe((body?.length ?? 0) + 1);
  });
});

describe('parseFrames', () => {
  const first = { jsonrpc: '2.0' as const, id: 1, result: { serverInfo: { name: 'dbkit-language-server' } } };
  const second = { jsonrpc: '2.0' as const, method: 'window/logMessage', params: { message: 'ready ✓' } };
  const stream = Buffer.concat([frame(first), frame(second)]);

  it('reads back what frame writes, several messages at once', () => {
    expect(parseFrames(stream)).toEqual({ messages: [first, second], rest: Buffer.alloc(0) });
  });

  it.for([1, 10, 25, stream.length - 3])('keeps a message cut at byte %i for the next chunk', (cut) => {
    const head = parseFrames(stream.subarray(0, cut));
    const whole = parseFrames(Buffer.concat([head.rest, stream.subarray(cut)]));
    expect([...head.messages, ...whole.messages]).toEqual([first, second]);
  });

  it('accepts another header beside Content-Length, in any case', () => {
    const body = JSON.stringify(first);
    const text = `content-length: ${body.length}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body}`;
    expect(parseFrames(Buffer.from(text)).messages).toEqual([first]);
  });

  it('refuses a header without Content-Length', () => {
    expect(() => parseFrames(Buffer.from('Content-Type: x\r\n\r\n{}'))).toThrow(/Content-Length/);
  });
});
