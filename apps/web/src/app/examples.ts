/**
 * The examples of the repository (`examples/`), bundled at build time: automation configs first, then the API
 * documents.
 */
export interface Example {
  /** Path under `examples/`, e.g. `automation/replica-set.automation.json`. */
  readonly path: string;
  readonly fileName: string;
  readonly text: string;
}

const files = import.meta.glob<string>('../../../../examples/**/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const EXAMPLES: readonly Example[] = Object.entries(files)
  .map(([key, text]) => {
    const path = key.replace(/^(\.\.\/)+examples\//, '');
    return { path, fileName: path.split('/').pop() ?? path, text };
  })
  .sort((a, b) => {
    const group = (e: Example) => (e.path.startsWith('automation/') ? 0 : 1);
    return group(a) - group(b) || a.path.localeCompare(b.path);
  });

export const DEFAULT_EXAMPLE = 'automation/replica-set.automation.json';
