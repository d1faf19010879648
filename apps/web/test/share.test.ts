import { describe, expect, it } from 'vitest';
import { decodeShare, encodeShare, fromBase64Url, isShareFragment, toBase64Url } from '../src/app/share.ts';

const big = JSON.stringify({ processes: Array.from({ length: 2000 }, (_, i) => ({ name: `p${i}`, port: 27017 })) });

describe('share links', () => {
  it.for([
    { name: 'a small automation config', fileName: 'a.automation.json', text: '{ "version": 1 }\n' },
    { name: 'an empty document', fileName: 'empty.json', text: '' },
    { name: 'unicode and emoji', fileName: 'ünï.json', text: '{ "name": "répliques 🗄️ \\u0000" }' },
    { name: 'a large document', fileName: 'big.automation.json', text: big },
    { name: 'text that is not JSON', fileName: 'notes.txt', text: 'not json at all {' },
  ])('round-trips $name through the fragment', async ({ fileName, text }) => {
    const fragment = await encodeShare({ fileName, text });
    expect(fragment).toMatch(/^share=[A-Za-z0-9_-]+$/);
    expect(isShareFragment(`#${fragment}`)).toBe(true);
    expect(await decodeShare(`#${fragment}`)).toEqual({ ok: true, fileName, text });
  });

  it('compresses a repetitive document well below its size', async () => {
    const fragment = await encodeShare({ fileName: 'big.json', text: big });
    expect(fragment.length).toBeLessThan(big.length / 5);
  });

  it.for([
    { name: 'an empty value', fragment: '#share=' },
    { name: 'characters outside base64url', fragment: '#share=abc+/==' },
    { name: 'bytes that are not deflate data', fragment: '#share=AAAAAAAAAAAAAAAA' },
    { name: 'a link cut in the middle', fragment: 'cut' },
  ])('explains $name instead of throwing', async ({ fragment }) => {
    let value = fragment;
    if (fragment === 'cut') {
      const whole = await encodeShare({ fileName: 'a.json', text: big });
      value = `#${whole.slice(0, whole.length / 2)}`;
    }
    const result = await decodeShare(value);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toMatch(/broken or incomplete/);
  });

  it('tells share fragments from others', () => {
    expect(isShareFragment('#share=abc')).toBe(true);
    expect(isShareFragment('#section-2')).toBe(false);
    expect(isShareFragment('')).toBe(false);
  });

  it.for([[0], [1], [2], [3], [255], [0, 255, 128, 7]])('base64url round-trips bytes %j', (bytes) => {
    const data = Uint8Array.from(bytes);
    const text = toBase64Url(data);
    expect(text).not.toMatch(/[+/=]/);
    expect(fromBase64Url(text)).toEqual(data);
  });
});
