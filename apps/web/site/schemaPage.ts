/**
 * The schema site's page (`schema/index.html`): the schemas and the catalog with their URLs, and copy-paste
 * set-up for VS Code, JetBrains IDEs, neovim (jsonls) and tools that read a SchemaStore catalog. Static HTML; a
 * line of script rewrites the URLs to the host the page is served from (the `$id`s stay `https://dbkit.dev/…`).
 */
import { escapeHtml, sitePage } from './html.ts';
import { ID_ORIGIN, type SiteSchemaFile } from './schemaFiles.ts';

/** A URL under the site, in a span the script rewrites to the serving host. */
const url = (sitePath: string) => `<span class="base">${ID_ORIGIN}</span>${escapeHtml(sitePath)}`;

function snippet(title: string, body: string): string {
  return `<h3>${escapeHtml(title)}</h3>\n<pre><code>${body}</code></pre>`;
}

export function renderSchemaPage(files: readonly SiteSchemaFile[], fileMatch: readonly string[]): string {
  const automation = files.find((f) => f.file === 'automation-config.schema.json');
  const catalog = files.find((f) => f.file === 'catalog.json');
  if (automation === undefined || catalog === undefined)
    throw new Error('schema folder without the automation config or the catalog');
  const auto = url(automation.sitePath);
  const patterns = fileMatch.map((p) => `"${escapeHtml(p)}"`);
  const rows = files
    .map(
      (f) =>
        `<tr><td><a href="./${escapeHtml(f.sitePath.replace(/^schema\//, ''))}">${escapeHtml(f.file)}</a></td>` +
        `<td>${escapeHtml(f.title)}</td><td>${f.id ? `<code>${escapeHtml(f.id)}</code>` : 'SchemaStore-format catalog'}</td></tr>`,
    )
    .join('\n');
  const vscode = `// settings.json\n"json.schemas": [\n  {\n    "fileMatch": [${patterns.join(', ')}],\n    "url": "${auto}"\n  }\n]`;
  const inDocument = `{\n  "$schema": "${auto}",\n  …\n}`;
  const neovim = `-- init.lua (nvim-lspconfig)\nrequire('lspconfig').jsonls.setup({\n  settings = {\n    json = {\n      validate = { enable = true },\n      schemas = {\n        { fileMatch = { ${fileMatch.map((p) => `'${escapeHtml(p)}'`).join(', ')} },\n          url = '${auto}' },\n      },\n    },\n  },\n})`;
  const schemastoreNvim = `-- with SchemaStore.nvim: the catalog's entry as an extra schema\nschemas = require('schemastore').json.schemas({\n  extra = {\n    { name = 'dbkit automation configuration', description = 'dbkit automation config',\n      fileMatch = { ${fileMatch.map((p) => `'${escapeHtml(p)}'`).join(', ')} }, url = '${auto}' },\n  },\n})`;
  const body = `<h1>dbkit JSON Schemas</h1>
<p>JSON Schemas (draft-07) of the automation configuration document and of the API's documents, generated from <code>@dbkit/core</code>'s types, with descriptions, enum descriptions, defaults, snippets and deprecations for editors.
Each is served at the path of its <code>$id</code>; the URLs below point at this host.</p>
<table>
<thead><tr><th>file</th><th>title</th><th><code>$id</code></th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>Set up your editor</h2>
<p>Automation configs are files named ${fileMatch.map((p) => `<code>${escapeHtml(p)}</code>`).join(', ')}. Any editor can also read a <code>$schema</code> property:</p>
<pre><code>${inDocument}</code></pre>
${snippet('VS Code (or install the dbkit extension, which adds every rule of the language server)', vscode)}
<h3>JetBrains IDEs</h3>
<p>Settings → Languages &amp; Frameworks → Schemas and DTDs → JSON Schema Mappings → <b>+</b>: schema file or URL <code>${auto}</code>, schema version "JSON Schema version 7", then add the file patterns ${fileMatch.map((p) => `<code>${escapeHtml(p)}</code>`).join(', ')}.</p>
${snippet('neovim (jsonls)', neovim)}
<h3>SchemaStore catalog users</h3>
<p>The catalog <a href="./catalog.json"><code>catalog.json</code></a> (<code>${url(catalog.sitePath)}</code>) lists the automation config's schema with its file patterns, in SchemaStore's format: tools that read a SchemaStore catalog can add it; its URLs are the <code>$id</code>s.</p>
<pre><code>${schemastoreNvim}</code></pre>
<script>
for (const span of document.querySelectorAll('.base')) span.textContent = new URL('../', location.href).href;
</script>`;
  return sitePage(
    'dbkit JSON Schemas',
    '<a href="../">← dbkit playground</a> · <a href="../codes/">diagnostic codes</a>',
    body,
  );
}
