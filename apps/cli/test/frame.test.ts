import { describe, expect, it } from 'vitest';
import { palette } from '../src/output/color.js';
import { DEFAULT_FRAME, type FrameMasks, type FrameOptions, frameMasks, renderFrame } from '../src/output/frame.js';
import type { Span } from '../src/validate/finding.js';
import { rangesOf } from '../src/validate/lines.js';
import { findSecretValues } from '../src/validate/mask.js';

const plain = palette(false);

/** Renders the frame of the first occurrence of `needle`. */
function frame(
  text: string,
  needle: string,
  options: Partial<Pick<FrameOptions, 'context' | 'maxWidth'>> = {},
): string {
  const offset = text.indexOf(needle);
  const span: Span = { offset, length: needle.length };
  return render(text, span, frameMasks(findSecretValues(text)), {
    ...options,
    palette: plain,
    accent: plain.red,
  });
}

/** The frame of `span`, from its line and column as a finding places it. */
function render(
  text: string,
  span: Span,
  masks: FrameMasks,
  options: Partial<Pick<FrameOptions, 'context' | 'maxWidth'>> & Pick<FrameOptions, 'palette' | 'accent'>,
): string {
  return renderFrame(text, span, rangesOf(text, [span])[0]!.start, masks, {
    ...DEFAULT_FRAME,
    ...options,
  });
}

const auth = `{
  "auth": {
    "autoUser": 42,
    "autoPwd": "hunter2-secret",
    "key": "a2V5ZmlsZQ==",
    "usersWanted": [{ "user": "app", "pwd": 12345, "initPwd": ["x", "y"] }]
  }
}`;

/** The vendor's example of an index beside the key file, whose contents `key` sets. */
const indexed = (key: string) => `{
  "auth": { "key": "${key}", "keyfile": "/k" },
  "indexConfigs": [
    { "key": [["field", 1]], "rsName": "rs0", "dbName": "shop", "collectionName": "orders", "options": {} }
  ],
  "processes": [{ "name": "autoPwd", "hostname": "h" }]
}`;

describe('code frames', () => {
  it('shows two lines either side, marks the line and underlines the span', () => {
    expect(frame(auth, '42')).toMatchInlineSnapshot(`
      "  1 | {
        2 |   "auth": {
      > 3 |     "autoUser": 42,
          |                 ^^
        4 |     "autoPwd": "********",
        5 |     "key": "********","
    `);
  });

  it('masks secrets of any type on every line shown, the span line included', () => {
    const out = frame(auth, '"usersWanted"');
    expect(out).toContain('"pwd": ********, "initPwd": ["********", "********"] }]');
    expect(out).not.toMatch(/hunter2|a2V5|12345|"x"/);
    // The underline stays under the key even though masks before it changed the line's length.
    expect(out).toContain('> 6 |     "usersWanted"');
    expect(out).toContain('    |     ^^^^^^^^^^^^^');
  });

  it('underlines a masked value with the mask', () => {
    expect(frame(auth, '"hunter2-secret"', { context: 0 })).toMatchInlineSnapshot(`
      "> 4 |     "autoPwd": "********",
          |                ^^^^^^^^^^"
    `);
  });

  it('cuts a long line to a window around the span', () => {
    const long = `{"a": [${Array.from({ length: 200 }, (_, i) => i).join(', ')}], "auth": {"autoPwd": "s3cr3t-value"}, "b": "here"}`;
    const out = frame(long, '"here"', { maxWidth: 120 });
    const [line, carets] = out.split('\n');
    expect(line).toMatch(/^> 1 \| …/);
    expect(line).toContain('"autoPwd": "********"');
    expect(line).not.toContain('s3cr3t');
    expect(carets!.indexOf('^')).toBe(line!.indexOf('"here"'));
    expect(carets!.endsWith(' ^^^^^^')).toBe(true);
  });

  it.for([
    [
      'an index’s key is shown, the key file masked',
      indexed('a2V5ZmlsZQ=='),
      '"rsName"',
      ['"key": "********", "keyfile"', '{ "key": [["field", 1]], "rsName"', '"name": "autoPwd"'],
      ['a2V5'],
    ],
    [
      'a key file that is a common word is masked, and so is a value equal to it elsewhere',
      indexed('field'),
      '"rsName"',
      ['"key": "********", "keyfile"', '{ "key": [["********", 1]], "rsName"', '"name": "autoPwd"'],
      ['"field"'],
    ],
    [
      'a value equal to a short secret only where it is a whole token',
      indexed('rs'),
      '"rsName"',
      ['"key": "********"', '"rsName": "rs0"'],
      ['"rs"'],
    ],
  ] as const)('masks by path, and what equals a secret: %s', ([, text, needle, shown, hidden]) => {
    const out = frame(text, needle);
    for (const line of shown) expect(out).toContain(line);
    for (const secret of hidden) expect(out).not.toContain(secret);
  });

  it('points at the end of the text for an error at end of file', () => {
    const text = '{\n  "a": [1,\n';
    const out = render(
      text,
      { offset: text.length, length: 0 },
      { secrets: [] },
      {
        palette: plain,
        accent: plain.red,
      },
    );
    expect(out).toMatchInlineSnapshot(`
      "  1 | {
        2 |   "a": [1,
      > 3 |
          | ^"
    `);
  });

  it('finds the lines around the span from the span, empty first lines included', () => {
    expect(frame('\n\n{"a": 1}', '1')).toMatchInlineSnapshot(`
      "  1 |
        2 |
      > 3 | {"a": 1}
          |       ^"
    `);
  });

  it('numbers the lines around a span deep in the text, the gutter as wide as the last one shown', () => {
    const text = `[\n${Array.from({ length: 12 }, (_, i) => `  ${i + 2}`).join(',\n')}\n]`;
    expect(frame(text, '  9', { context: 2 })).toMatchInlineSnapshot(`
      "   7 |   7,
         8 |   8,
      >  9 |   9,
           | ^^^
        10 |   10,
        11 |   11,"
    `);
  });

  it('shows tabs and carriage returns without shifting the underline', () => {
    const text = '{\r\n\t"version": "x"\r\n}';
    expect(frame(text, '"x"', { context: 0 })).toMatchInlineSnapshot(`
      "> 2 |  "version": "x"
          |             ^^^"
    `);
  });

  it('colours the marker and underline only when asked', () => {
    const colored = palette(true);
    const text = '{"a": 1}';
    const out = render(
      text,
      { offset: 6, length: 1 },
      { secrets: [] },
      {
        palette: colored,
        accent: colored.red,
      },
    );
    expect(out).toContain('\u001b[31m^\u001b[0m');
    expect(frame(text, '1')).not.toContain('\u001b[');
  });
});
