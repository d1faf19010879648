import type { StoredAutomationConfig } from '../state.js';

/**
 * The stored revision a PUT plans from, parsed: the last one is kept with its project, version and text, so a run of
 * PUTs parses each text once (the accepted document becomes the next PUT's `from`). Any other revision, or the same
 * version with another text (a reset, another instance), is parsed again. Core never changes a document it reads.
 */
export class ParsedRevision {
  private last:
    | { readonly groupId: string; readonly version: number; readonly text: string; readonly document: unknown }
    | undefined;

  /** `stored` parsed, or undefined when its text is not JSON (there is nothing to plan from). */
  get(groupId: string, stored: StoredAutomationConfig): { readonly document: unknown } | undefined {
    const last = this.last;
    if (last?.groupId === groupId && last.version === stored.version && last.text === stored.text) return last;
    let document: unknown;
    try {
      document = JSON.parse(stored.text);
    } catch {
      return undefined;
    }
    this.remember(groupId, stored, document);
    return { document };
  }

  /** Keeps `document`, the parse of `stored.text`, as the project's latest revision. */
  remember(groupId: string, stored: StoredAutomationConfig, document: unknown): void {
    this.last = { groupId, version: stored.version, text: stored.text, document };
  }
}
