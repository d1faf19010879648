/** Light and dark editor themes that follow the system (`prefers-color-scheme`), live. */
import type { Monaco } from '../editor/monaco.js';

export function followSystemTheme(monaco: Monaco): void {
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    monaco.editor.setTheme(dark.matches ? 'vs-dark' : 'vs');
    document.documentElement.dataset.theme = dark.matches ? 'dark' : 'light';
  };
  apply();
  dark.addEventListener('change', apply);
}
