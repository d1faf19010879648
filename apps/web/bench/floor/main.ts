/**
 * The floor page's entry, shaped as the playground's (`src/main.ts`) minus the language worker: the editor comes
 * as a separate chunk whose monaco chunks the HTML preloads, so both pages reach monaco the same way.
 */
void import('./page.js');
