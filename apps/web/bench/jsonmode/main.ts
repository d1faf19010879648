/**
 * The peer page's entry, shaped as the playground's (`src/main.ts`): the editor comes as a separate chunk whose
 * monaco chunks the HTML preloads, so every page reaches monaco the same way.
 */
void import('./page.js');
