/**
 * A code's entry as sections any front end prints: Markdown (`docs/codes.md`, the VS Code pages), HTML (the schema
 * site's `/codes/` pages) and the terminal (`dbkit explain`). Text may hold `code` spans in backticks, nothing else.
 */
import { formatJsonPath, type JsonPath } from '../validation/diagnostic.js';
import type { CodeSource } from './codeDoc.js';
import {
  type ExampleDocument,
  exampleExcerpt,
  exampleValue,
  type TransitionExample,
  type ValidationExample,
} from './example.js';
import { type ExplainedCode, explainCode } from './registry.js';

/** One block of a section. */
export type Block =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'json'; readonly caption: string; readonly json: string }
  | { readonly kind: 'sources'; readonly sources: readonly CodeSource[] }
  | { readonly kind: 'codes'; readonly codes: readonly { readonly code: string; readonly title: string }[] };

export interface Section {
  readonly heading: string;
  readonly blocks: readonly Block[];
}

/** Where an excerpt sits, for its caption: `replicaSets[0].members[1]`, or the document. */
function where(path: JsonPath): string {
  return path.length === 0 ? 'the document' : `\`${formatJsonPath(path)}\``;
}

function validationBlocks(example: ValidationExample): Block[] {
  const excerpt = exampleExcerpt(example.document);
  return [{ kind: 'json', caption: `In ${where(excerpt.path)}:`, json: excerpt.json }];
}

/** The value at `path` of a document. */
function valueAt(document: unknown, path: JsonPath): unknown {
  let value = document;
  for (const segment of path) value = (value as Record<string | number, unknown> | undefined)?.[segment];
  return value;
}

/** Keys that name what an object is, kept in a transition's excerpts beside what changed. */
const IDENTITY = new Set(['name', '_id', 'host', 'id']);

/**
 * Two revisions of one object, each without the fields they share (but the ones naming it): a transition's excerpt
 * shows what changes, not the whole process twice.
 */
function changedParts(from: unknown, to: unknown): readonly [unknown, unknown] {
  const isPlain = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isPlain(from) || !isPlain(to)) return [from, to];
  const keep = (key: string) => IDENTITY.has(key) || JSON.stringify(from[key]) !== JSON.stringify(to[key]);
  const pick = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([key]) => keep(key)));
  return [pick(from), pick(to)];
}

function transitionBlocks(example: TransitionExample): Block[] {
  const firstEdit = (document: ExampleDocument | undefined) =>
    document !== undefined && 'edits' in document
      ? (document.show ?? document.edits.find((e) => e.at.length > 1)?.at.slice(0, -1) ?? [])
      : [];
  const path = firstEdit(example.to);
  const [from, to] = changedParts(valueAt(exampleValue(example.from), path), valueAt(exampleValue(example.to), path));
  const json = (value: unknown) => JSON.stringify(value, null, 2) ?? '(absent)';
  return [
    { kind: 'json', caption: `Deployed, in ${where(path)}:`, json: json(from) },
    { kind: 'json', caption: `New revision, in ${where(path)}:`, json: json(to) },
  ];
}

/** How a reader changes the severity, or hides the code. */
function severityText(entry: ExplainedCode): string {
  const advice = entry.advice ? ' It is advice: the service does not require it.' : '';
  const change = `In VS Code, \`dbkit.diagnostics.severityOverrides\` changes it (\`{ "${entry.code}": "warning" }\`) or hides it (\`"off"\`).`;
  const cli =
    entry.kind === 'validation'
      ? '`dbkit validate --quiet` prints errors only; `--max-warnings <n>` fails on more than n warnings.'
      : '`dbkit plan` exits 1 when the plan has an error, 0 with warnings only.';
  return `${entry.code} is ${entry.severity === 'info' ? 'information' : `an ${entry.severity}`}.${advice} ${change} ${cli}`;
}

/**
 * The sections of a code's page, in reading order: what it means, why, a wrong and a right example, how to fix it,
 * its severity, related codes.
 */
export function explainSections(entry: ExplainedCode): readonly Section[] {
  const doc = entry.doc;
  if (doc === undefined) {
    return [{ heading: 'What it means', blocks: [{ kind: 'text', text: entry.title }] }];
  }
  const sections: Section[] = [
    { heading: 'What it means', blocks: [{ kind: 'text', text: doc.meaning }] },
    {
      heading: 'Why',
      blocks: [
        { kind: 'text', text: doc.why },
        { kind: 'sources', sources: doc.sources },
      ],
    },
  ];
  const { examples } = doc;
  if ('none' in examples) {
    sections.push({ heading: 'Example', blocks: [{ kind: 'text', text: examples.none }] });
  } else {
    const blocks = (example: ValidationExample | TransitionExample) =>
      'document' in example ? validationBlocks(example) : transitionBlocks(example);
    sections.push({ heading: 'Wrong', blocks: blocks(examples.wrong) });
    sections.push({ heading: 'Right', blocks: blocks(examples.right) });
  }
  sections.push({
    heading: 'How to fix it',
    blocks: [
      { kind: 'text', text: doc.fix },
      ...(doc.quickFix === undefined ? [] : [{ kind: 'text', text: `Quick fix: ${doc.quickFix}` } as const]),
    ],
  });
  sections.push({ heading: 'Severity', blocks: [{ kind: 'text', text: severityText(entry) }] });
  const related = (doc.related ?? []).flatMap((code) => {
    const other = explainCode(code);
    return other === undefined ? [] : [{ code: other.code, title: other.title }];
  });
  if (related.length > 0) sections.push({ heading: 'Related', blocks: [{ kind: 'codes', codes: related }] });
  return sections;
}

/**
 * How a Markdown page links out: to a file of the repository (without it, a source is named with its path), and to
 * another code's page.
 */
export interface MarkdownLinks {
  readonly source?: (path: string) => string;
  readonly code: (code: string) => string;
}

/** A code's page as Markdown: its code as the heading (anchor `#dbk202`), then its title and sections. */
export function explainMarkdown(entry: ExplainedCode, links: MarkdownLinks, headingLevel = 1): string {
  const h = '#'.repeat(headingLevel);
  const lines = [
    `${h} ${entry.code}`,
    '',
    `**${entry.title}**`,
    '',
    `\`${entry.name}\` · ${entry.severity}${entry.advice ? ' · advice' : ''}`,
    '',
  ];
  for (const section of explainSections(entry)) {
    lines.push(`${h}# ${section.heading}`, '');
    for (const block of section.blocks) {
      switch (block.kind) {
        case 'text':
          lines.push(block.text, '');
          break;
        case 'json':
          lines.push(block.caption, '', '```json', block.json, '```', '');
          break;
        case 'sources':
          for (const { label, path } of block.sources) {
            lines.push(links.source === undefined ? `- ${label}: \`${path}\`` : `- [${label}](${links.source(path)})`);
          }
          lines.push('');
          break;
        case 'codes':
          for (const code of block.codes) lines.push(`- [${code.code}](${links.code(code.code)}): ${code.title}`);
          lines.push('');
          break;
        default:
          block satisfies never;
      }
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
