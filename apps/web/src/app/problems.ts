/** The problems list: the current markers, errors first, each a button that moves the cursor to its place. */
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';
import { codePageUrl } from '../lsp/convert.js';

/** monaco `MarkerSeverity` values. */
const SEVERITY_NAME: { readonly [severity: number]: string } = { 8: 'error', 4: 'warning', 2: 'info', 1: 'hint' };

export function sortMarkers(markers: readonly editor.IMarker[]): editor.IMarker[] {
  return [...markers].sort(
    (a, b) => b.severity - a.severity || a.startLineNumber - b.startLineNumber || a.startColumn - b.startColumn,
  );
}

export function markerCode(marker: editor.IMarker): string {
  const code = marker.code;
  if (code === undefined) return '';
  return typeof code === 'string' ? code : code.value;
}

/**
 * One marker per finding: the worker and the service's answer to a push often report the same one (same code,
 * place and message); it is listed and counted once, with both sources.
 */
export function uniqueMarkers(markers: readonly editor.IMarker[]): editor.IMarker[] {
  const byKey = new Map<string, editor.IMarker>();
  for (const marker of markers) {
    const { startLineNumber, startColumn, endLineNumber, endColumn, message } = marker;
    const key = JSON.stringify([markerCode(marker), startLineNumber, startColumn, endLineNumber, endColumn, message]);
    const seen = byKey.get(key);
    if (seen === undefined) byKey.set(key, marker);
    else if (marker.source !== undefined && !(seen.source ?? '').split(', ').includes(marker.source)) {
      byKey.set(key, {
        ...seen,
        source: seen.source === undefined ? marker.source : `${seen.source}, ${marker.source}`,
      });
    }
  }
  return [...byKey.values()];
}

export function renderProblems(
  list: HTMLElement,
  count: HTMLElement,
  markers: readonly editor.IMarker[],
  onPick: (marker: editor.IMarker) => void,
): void {
  const sorted = sortMarkers(markers);
  count.textContent = `(${sorted.length})`;
  list.replaceChildren(
    ...sorted.map((marker) => {
      const item = document.createElement('li');
      const severity = SEVERITY_NAME[marker.severity] ?? 'info';
      item.className = `severity-${severity}`;
      item.tabIndex = 0;
      item.dataset.code = markerCode(marker);
      item.dataset.line = String(marker.startLineNumber);
      // Who reported it: the worker (`dbkit`), the service's answer to a push, the plan while comparing.
      item.dataset.source = marker.source ?? '';
      // A dbkit code links to its page on this site, in a new tab: the edits in the editor stay.
      const href = codePageUrl(markerCode(marker), document.baseURI);
      const code = document.createElement(href === undefined ? 'span' : 'a');
      code.className = 'code';
      code.textContent = markerCode(marker);
      if (code instanceof HTMLAnchorElement && href !== undefined) {
        code.href = href;
        code.target = '_blank';
        code.rel = 'noopener';
        code.title = `What ${markerCode(marker)} means, and how to fix it`;
        code.addEventListener('click', (event) => event.stopPropagation());
      }
      const where = document.createElement('span');
      where.className = 'where';
      where.textContent = ` Ln ${marker.startLineNumber}, Col ${marker.startColumn}`;
      item.append(code, ' ', marker.message, where);
      item.addEventListener('click', () => onPick(marker));
      item.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') onPick(marker);
      });
      return item;
    }),
  );
}
