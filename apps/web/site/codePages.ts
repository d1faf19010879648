/**
 * The codes' reference on the schema site: `codes/index.html` (every code) and `codes/DBK202/index.html` (one
 * each), served as `/codes/` and `/codes/DBK202`, from the same entries as docs/codes.md and `dbkit explain`
 * (`@dbkit/core/explain`). Static HTML; the language server's `codeDescription.href` and the playground link here.
 */
import { allCodes, type Block, EXAMPLE_BASE, type ExplainedCode, explainSections } from '@dbkit/core/explain';
import { escapeHtml, sitePage } from './html.ts';

/** Text with `code` spans, as HTML. */
const inline = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const SEVERITY_STYLE = `.severity-error { color: #c62828; } .severity-warning { color: #a66b00; } .severity-info { color: #1565c0; }
.meta { color: #888; }`;

const page = (title: string, nav: string, body: string) => sitePage(title, nav, body, SEVERITY_STYLE);

/** A block of a section as HTML; `codeHref` links another code's page. */
function blockHtml(block: Block, codeHref: (code: string) => string): string {
  switch (block.kind) {
    case 'text':
      return `<p>${inline(block.text)}</p>`;
    case 'json':
      return `<p>${inline(block.caption)}</p>\n<pre><code class="language-json">${escapeHtml(block.json)}</code></pre>`;
    case 'sources':
      return `<ul>${block.sources.map((s) => `<li>${escapeHtml(s.label)}: <code>${escapeHtml(s.path)}</code> in the dbkit repository</li>`).join('')}</ul>`;
    case 'codes':
      return `<ul>${block.codes.map((c) => `<li><a href="${codeHref(c.code)}">${c.code}</a>: ${inline(c.title)}</li>`).join('')}</ul>`;
    default:
      return block satisfies never;
  }
}

const severity = (entry: ExplainedCode) =>
  `<span class="severity-${entry.severity}">${entry.severity}</span>${entry.advice ? ' (advice)' : ''}`;

/** One code's page, at `codes/DBK202/index.html` and served as `/codes/DBK202`: links are relative to `/codes/`. */
export function renderCodePage(entry: ExplainedCode): string {
  const sections = explainSections(entry)
    .map(
      (s) =>
        `<h2>${escapeHtml(s.heading)}</h2>\n${s.blocks.map((b) => blockHtml(b, (code) => `./${code}`)).join('\n')}`,
    )
    .join('\n');
  const body = `<h1>${entry.code}</h1>
<p><strong>${inline(entry.title)}</strong></p>
<p class="meta"><code>${escapeHtml(entry.name)}</code> · ${severity(entry)}</p>
${sections}`;
  return page(
    `${entry.code}: ${entry.title}`,
    '<a href="./">← every code</a> · <a href="../">dbkit playground</a>',
    body,
  );
}

/** The index: every code with its severity and rule, and the document the examples edit. */
export function renderCodeIndex(): string {
  const rows = allCodes()
    .map(
      (c) => `<tr><td><a href="./${c.code}">${c.code}</a></td><td>${severity(c)}</td><td>${inline(c.title)}</td></tr>`,
    )
    .join('\n');
  const body = `<h1>dbkit diagnostic codes</h1>
<p>Every code dbkit reports, in the editor, the playground and <code>dbkit validate</code>: what it means, why it is a rule, a wrong and a right example, how to fix it. <code>dbkit explain &lt;code&gt;</code> prints the same entry in a terminal.</p>
<table>
<thead><tr><th>code</th><th>severity</th><th>rule</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>The example document</h2>
<p>Each example edits this document, a three-member replica set with no diagnostic, and shows the part it changes.</p>
<pre><code class="language-json">${escapeHtml(JSON.stringify(EXAMPLE_BASE, null, 2))}</code></pre>`;
  return page(
    'dbkit diagnostic codes',
    '<a href="../">← dbkit playground</a> · <a href="../schema/">JSON Schemas</a>',
    body,
  );
}

/** The site's files of the codes' reference: the index and one page per code. */
export function codeSiteFiles(): readonly { readonly fileName: string; readonly source: string }[] {
  return [
    { fileName: 'codes/index.html', source: renderCodeIndex() },
    ...allCodes().map((entry) => ({ fileName: `codes/${entry.code}/index.html`, source: renderCodePage(entry) })),
  ];
}
