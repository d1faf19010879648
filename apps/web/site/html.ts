/** What the schema site's static pages share: escaping, and the one style sheet they inline. */

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The site's pages' style: readable text, tables and code blocks in light and dark mode. */
export const SITE_STYLE = `body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #8884; vertical-align: top; }
pre { background: #8881; padding: .75rem; overflow: auto; border-radius: 4px; } code { font-size: .9em; }`;

/** A whole page: its title, the navigation line, the body. */
export function sitePage(title: string, nav: string, body: string, extraStyle = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
${SITE_STYLE}${extraStyle === '' ? '' : `\n${extraStyle}`}
</style>
</head>
<body>
<p>${nav}</p>
${body}
</body>
</html>
`;
}
