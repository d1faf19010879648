// docs/codes.md: every diagnostic code's reference entry, from @dbkit/core/explain (the same entries the schema
// site's /codes/ pages and `dbkit explain` print).
import { allCodes, EXAMPLE_BASE, explainMarkdown } from '@dbkit/core/explain';
import { GENERATED_MARK } from './markdown.mjs';

export const CODES_FILE = 'docs/codes.md';

/** The reference as Markdown, linking the repository's files relative to docs/. */
export function renderCodes() {
  const codes = allCodes();
  const links = {
    source: (path) => (path.startsWith('docs/') ? path.slice('docs/'.length) : `../${path}`),
    code: (code) => `#${code.toLowerCase()}`,
  };
  const lines = [
    `${GENERATED_MARK} by \`pnpm --filter @dbkit/docs gen\` from packages/core/src/explain/. Do not edit. -->`,
    '',
    '# Diagnostic codes',
    '',
    'Every code dbkit reports: what it means, why it is a rule, a wrong and a right example, how to fix it.',
    'The examples are run by the test suite (`packages/core/test/explain/examples.test.ts`): each wrong one brings its code at the place shown, each right one does not.',
    '`dbkit explain <code>` prints the same entry in a terminal, and the schema site serves it at `/codes/<code>`.',
    '',
    '| Code | Severity | Rule |',
    '| --- | --- | --- |',
    ...codes.map(
      (c) =>
        `| [${c.code}](#${c.code.toLowerCase()}) | ${c.severity}${c.advice ? ' (advice)' : ''} | ${c.title.replace(/\|/g, '\\|')} |`,
    ),
    '',
    '## The example document',
    '',
    'Each example edits this document, a three-member replica set with no diagnostic, and shows the part it changes.',
    '',
    '```json',
    JSON.stringify(EXAMPLE_BASE, null, 2),
    '```',
    '',
    ...codes.map((c) => explainMarkdown(c, links, 2)),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
