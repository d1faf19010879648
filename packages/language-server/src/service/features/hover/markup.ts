/**
 * Markdown or plain text, as the client renders: hovers and completion documentation write through one of these so
 * every text exists in both forms. Names and values go into code spans; the rest is dbkit's own wording.
 */
import type { MarkupContent } from 'vscode-languageserver-types';

export interface Markup {
  readonly markdown: boolean;
  /** A name or value: a code span in Markdown, the bare text otherwise. */
  code(text: string): string;
  /** A heading word ("Process"): bold in Markdown. */
  strong(text: string): string;
  /** Lines of one paragraph: hard line breaks in Markdown. */
  lines(lines: readonly string[]): string;
  /** Paragraphs (empty ones dropped). */
  paragraphs(paragraphs: readonly (string | undefined)[]): string;
  /** A horizontal rule between sections (a blank line in plain text). */
  readonly rule: string;
  /** Text written in Markdown (the schema's descriptions) in this form: code spans and emphasis dropped in plain text. */
  fromMarkdown(text: string): string;
  content(value: string): MarkupContent;
}

/** Characters that change the meaning of Markdown text outside code spans. */
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()<>#+\-.!|~]/g;

export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_SPECIAL, '\\$&');
}

function codeSpan(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  if (flat.length === 0) return '`""`';
  if (!flat.includes('`')) return `\`${flat}\``;
  // A span that holds backticks: delimit with more backticks than the longest run inside, padded with spaces.
  const longest = Math.max(...(flat.match(/`+/g) ?? ['']).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${flat} ${fence}`;
}

/** Markdown of the schema's descriptions as plain text: `code` and **strong** lose their markers. */
function markdownToPlain(text: string): string {
  return text
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\\([\\`*_{}[\]()<>#+\-.!|~])/g, '$1');
}

export function markup(markdown: boolean): Markup {
  if (markdown) {
    return {
      markdown,
      code: codeSpan,
      strong: (text) => `**${escapeMarkdown(text)}**`,
      lines: (lines) => lines.join('  \n'),
      paragraphs: (paragraphs) => paragraphs.filter((p): p is string => p !== undefined && p.length > 0).join('\n\n'),
      rule: '---',
      fromMarkdown: (text) => text,
      content: (value) => ({ kind: 'markdown', value }),
    };
  }
  return {
    markdown,
    code: (text) => text.replace(/[\r\n]+/g, ' '),
    strong: (text) => text,
    lines: (lines) => lines.join('\n'),
    paragraphs: (paragraphs) => paragraphs.filter((p): p is string => p !== undefined && p.length > 0).join('\n\n'),
    rule: '',
    fromMarkdown: markdownToPlain,
    content: (value) => ({ kind: 'plaintext', value }),
  };
}
