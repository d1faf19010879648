// Links between the docs: a Markdown link to a file of the repository, or a source comment naming a doc, must land.
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { handWrittenMarkdown } from './markdown.mjs';
import { markdownAnchors, REPO_ROOT, readRepoFile, walk } from './repo.mjs';

const LINK = /\]\(([^)\s]+)\)/g;

/** `file: target — why` for every relative Markdown link that names no file, or no heading of the file it names. */
export function brokenMarkdownLinks(files = handWrittenMarkdown().map((entry) => entry.file)) {
  const broken = [];
  for (const file of files) {
    let fenced = false;
    for (const line of readRepoFile(file).split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      if (fenced) continue;
      for (const [, target] of line.matchAll(LINK)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const [path, anchor] = target.split('#');
        const resolved =
          path === ''
            ? file
            : normalize(join(dirname(file), path))
                .split('\\')
                .join('/');
        if (resolved.startsWith('..')) continue; // beside the clone (../shared): not the repository's to check
        if (!existsSync(join(REPO_ROOT, resolved))) {
          broken.push(`${file}: ${target} — no such file`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !markdownAnchors(readRepoFile(resolved)).has(anchor))
          broken.push(`${file}: ${target} — no such heading`);
      }
    }
  }
  return broken;
}

const DOC_NAME = /\b((?:docs|packages|apps|tools|test)\/[\w./-]+\.md)\b/g;

/** `file:line: doc` for every source line that names a Markdown file of the repository that does not exist. */
export function brokenDocMentions() {
  const broken = [];
  // tools/docs names the long decisions file it replaced, on purpose: its test reads it from history.
  const sources = walk(REPO_ROOT, (name) => /\.(ts|mts|mjs|cjs|js)$/.test(name)).filter(
    (file) => !file.startsWith('tools/docs/'),
  );
  for (const file of sources) {
    readRepoFile(file)
      .split('\n')
      .forEach((text, index) => {
        for (const [, doc] of text.matchAll(DOC_NAME)) {
          if (!existsSync(join(REPO_ROOT, doc))) broken.push(`${file}:${index + 1}: ${doc}`);
        }
      });
  }
  return broken;
}
