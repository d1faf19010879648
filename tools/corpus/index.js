// Finds the real-document corpus (`../shared/corpus/` beside the clone) for the tests that read it, and reads its raw
// HTTP exchanges. Under CI (`CI=true`) a missing corpus is a failure, never a skip: see `registerMissingCorpus`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The corpus root: `<clone>/../shared/corpus`. */
export const CORPUS_ROOT = resolve(repoRoot, '..', 'shared', 'corpus');

/** True when the run must not skip the corpus: CI sets `CI=true` (`.ci/run` does too). */
export const corpusRequired = process.env.CI === 'true' || process.env.CI === '1';

function filesUnder(dir, extensions, prefix = '') {
  return readdirSync(join(dir, prefix))
    .sort()
    .flatMap((name) => {
      const relative = prefix ? `${prefix}/${name}` : name;
      if (statSync(join(dir, relative)).isDirectory()) return filesUnder(dir, extensions, relative);
      return extensions.some((extension) => name.endsWith(extension)) ? [relative] : [];
    });
}

export function findCorpus(folder, extensions = ['.json']) {
  const override = folder === 'real-automation-configs' ? process.env.DBKIT_CORPUS_DIR : undefined;
  const dir = override ? resolve(override) : join(CORPUS_ROOT, folder);
  const files = existsSync(dir) ? filesUnder(dir, extensions) : [];
  const where = override ? `${dir} (DBKIT_CORPUS_DIR)` : dir;
  const missing =
    files.length === 0
      ? `no real documents (${extensions.join(', ')}) found at ${where}: the corpus is missing`
      : undefined;
  return { dir, files, missing, read: (file) => readFileSync(join(dir, file), 'utf8') };
}

export function registerMissingCorpus(test, corpus) {
  if (corpus.missing === undefined) return false;
  if (corpusRequired) {
    test(`finds the corpus (CI=true: a missing corpus fails): ${corpus.missing}`, () => {
      throw new Error(`${corpus.missing}. Put the corpus beside the clone, or point DBKIT_CORPUS_DIR at it.`);
    });
  } else {
    test.skip(`${corpus.missing} (skipped outside CI)`, () => {});
  }
  return true;
}

const STATUS_LINE = /^HTTP\/[\d.]+ (\d{3})(?: (.*))?$/;

function headerBlock(lines) {
  const headers = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return headers;
}

function response(status, reason, headers, body) {
  const get = (name) => headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  return { status, reason, headers, get, body };
}

export function parseHttpResponses(text) {
  const lines = text.split(/\r?\n/);
  const responses = [];
  let index = 0;
  while (index < lines.length) {
    const match = STATUS_LINE.exec(lines[index] ?? '');
    if (!match) {
      index++;
      continue;
    }
    let end = index + 1;
    while (end < lines.length && lines[end] !== '') end++;
    const headers = headerBlock(lines.slice(index + 1, end));
    let next = end + 1;
    while (next < lines.length && !STATUS_LINE.test(lines[next] ?? '')) next++;
    const body = lines
      .slice(end + 1, next)
      .join('\n')
      .trim();
    responses.push(response(Number(match[1]), match[2] ?? '', headers, body));
    index = next;
  }
  return responses;
}

export function parseCurlVerbose(text) {
  const exchanges = [];
  let current;
  let reading;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('> ')) {
      if (reading !== 'request') {
        current = { request: [], status: 0, reason: '', responseLines: [] };
        exchanges.push(current);
        reading = 'request';
      }
      current.request.push(line.slice(2));
    } else if (line.startsWith('< ') && current) {
      reading = 'response';
      const match = STATUS_LINE.exec(line.slice(2));
      if (match) {
        current.status = Number(match[1]);
        current.reason = match[2] ?? '';
      } else current.responseLines.push(line.slice(2));
    }
  }
  return exchanges.map(({ request, status, reason, responseLines }) => {
    const requestHeaders = headerBlock(request.slice(1));
    return {
      requestLine: request[0] ?? '',
      requestHeader: (name) => requestHeaders.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1],
      response: response(status, reason, headerBlock(responseLines), ''),
    };
  });
}
