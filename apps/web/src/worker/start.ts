/**
 * Starts the language worker as the page's first module, before monaco's modules are evaluated, so the worker
 * downloads, compiles and builds its service while the editor is being set up.
 */
export const languageWorker = new Worker(new URL('./languageWorker.ts', import.meta.url), { type: 'module' });
