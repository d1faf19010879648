// Links between the docs: a Markdown link to a file of the repository, or a source comment naming a doc, must land.
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { handWrittenMarkdown } from './markdown.mjs';
import { markdownAnchors, REPO_ROOT, readRepoFile, repoFiles } from './repo.mjs';

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

const DOC_NAME = /\b((?:docs|packages|apps|tools|test)\/[\w./-]+\.md)\b(?:,\s+"([^"]+)")?/g;

/** The headings of a Markdown file, as written (`## Title` → `Title`). */
function headings(doc) {
  return new Set(
    readRepoFile(doc)
      .split('\n')
      .flatMap((line) => /^#{1,6}\s+(.*?)\s*$/.exec(line)?.[1] ?? []),
  );
}

/**
 * `file: doc` for every source file that names a Markdown file of the repository that does not exist, or cites a
 * heading of it (`(docs/decisions/cli.md, "Start-up is one esbuild bundle")`) that it does not have.
 */
export function brokenDocMentions() {
  const broken = [];
  const sources = repoFiles((file) => /\.(ts|mts|mjs|cjs|js)$/.test(file) && !file.startsWith('tools/docs/'));
  for (const file of sources) {
    // A citation may wrap across the lines of a comment: read the comment as one line.
    const text = readRepoFile(file).replace(/\n\s*(\*(?!\/)|\/\/)\s?/g, ' ');
    for (const [, doc, title] of text.matchAll(DOC_NAME)) {
      if (!existsSync(join(REPO_ROOT, doc))) broken.push(`${file}: ${doc}`);
      else if (title !== undefined && !headings(doc).has(title))
        broken.push(`${file}: ${doc} has no heading "${title}"`);
    }
  }
  return broken;
}
