/** The pure parts of the API commands: tables, the page progress line, service diagnostics, failure lines. */
import { describe, expect, it } from 'vitest';
import { formatFailure } from '../../src/api/connection.js';
import { findingsOf } from '../../src/api/serviceDiagnostics.js';
import { palette } from '../../src/output/color.js';
import { createPageProgress } from '../../src/output/pageProgress.js';
import { formatBytes } from '../../src/output/resources.js';
import { formatFields, formatTable } from '../../src/output/table.js';

const plain = palette(false);

describe('tables', () => {
  it('aligns columns on the widest cell (sizes to the right), the last column unpadded', () => {
    const rows = [
      { id: 'a', size: '1.0 kB', note: 'x' },
      { id: 'bbbb', size: '12.5 GB', note: 'yy' },
    ];
    const columns = [
      { header: 'id', value: (r: (typeof rows)[0]) => r.id },
      { header: 'size', value: (r: (typeof rows)[0]) => r.size, align: 'right' as const },
      { header: 'note', value: (r: (typeof rows)[0]) => r.note },
    ];
    expect(formatTable(columns, rows, plain)).toBe(
      ['id       size  note', 'a      1.0 kB  x', 'bbbb  12.5 GB  yy', ''].join('\n'),
    );
  });

  it('prints fields with their names aligned', () => {
    expect(
      formatFields(
        [
          ['id', '1'],
          ['expires', '-'],
        ],
        plain,
      ),
    ).toBe('id       1\nexpires  -\n');
  });

  it.for([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.0 kB'],
    [4_900_000_000, '4.9 GB'],
  ] as const)('formatBytes(%d) is %s', ([bytes, text]) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('page progress', () => {
  const stream = (isTTY: boolean) => {
    const written: string[] = [];
    return { isTTY, written, write: (text: string) => written.push(text) };
  };

  it('shows the page being read on a terminal and clears it at the end', () => {
    const tty = stream(true);
    const progress = createPageProgress(tty);
    progress.page(1, 700, 100);
    progress.page(2, 700, 100);
    progress.page(7, 700, 100);
    progress.clear();
    expect(tty.written).toEqual(['\r\u001b[Kpage 2 of 7…', '\r\u001b[Kpage 3 of 7…', '\r\u001b[K']);
  });

  it('says nothing for one page, or when stderr is not a terminal', () => {
    const one = stream(true);
    const progress = createPageProgress(one);
    progress.page(1, 40, 100);
    progress.clear();
    expect(one.written).toEqual([]);
    const pipe = stream(false);
    const piped = createPageProgress(pipe);
    piped.page(1, 700, 100);
    piped.clear();
    expect(pipe.written).toEqual([]);
  });
});

describe('the service’s diagnostics as findings', () => {
  it('reads each path back into segments, and points an unreadable one at the document', () => {
    const findings = findingsOf([
      { code: 'DBK202', severity: 'warning', path: 'processes[2].args2_6.net', message: 'a' },
      { code: 'DBK100', severity: 'fatal', path: 'a..b', message: 'b' },
    ]);
    expect(findings).toEqual([
      { code: 'DBK202', severity: 'warning', message: 'a', path: ['processes', 2, 'args2_6', 'net'], source: 'core' },
      { code: 'DBK100', severity: 'error', message: 'b', path: [], source: 'core' },
    ]);
  });
});

describe('a failure’s line', () => {
  it.for([
    [{ message: 'The request was cancelled.' }, 'dbkit: The request was cancelled.\n'],
    [
      { message: 'The service failed: Unexpected error.', reference: 'HTTP 500, UNEXPECTED_ERROR' },
      'dbkit: The service failed: Unexpected error (HTTP 500, UNEXPECTED_ERROR).\n',
    ],
    [
      { message: 'The service at http://h did not answer in time.', action: 'It may be overloaded: try again.' },
      'dbkit: The service at http://h did not answer in time. It may be overloaded: try again.\n',
    ],
    [
      { message: 'Is this a question?', reference: 'HTTP 400, INVALID_JSON' },
      'dbkit: Is this a question? (HTTP 400, INVALID_JSON)\n',
    ],
  ] as const)('%j', ([failure, line]) => {
    expect(formatFailure(failure, plain)).toBe(line);
  });

  it('colours the reference dim and the action bold, and nothing else', () => {
    const line = formatFailure(
      { message: 'The service rejected the key pair.', reference: 'HTTP 401', action: 'Check the keys.' },
      palette(true),
    );
    expect(line).toBe(
      'dbkit: The service rejected the key pair \u001b[2m(HTTP 401)\u001b[0m. \u001b[1mCheck the keys.\u001b[0m\n',
    );
  });
});
