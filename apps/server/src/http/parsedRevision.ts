import type { StoredAutomationConfig } from '../state.js';
import { changedStretch, type MemberSpans, memberSpans, parseChanged } from './incrementalParse.js';

/** The last revision: its project, version and text, the text parsed, and where its members are once known. */
interface Revision {
  readonly groupId: string;
  readonly version: number;
  readonly text: string;
  readonly document: unknown;
  /** Undefined until asked for; null when the text is no object, or gives a key twice. */
  spans: MemberSpans | null | undefined;
}

/**
 * The stored revision a PUT plans from, parsed: the last one is kept with its project, version and text, so a run of
 * PUTs parses each text once (the accepted document becomes the next PUT's `from`). Any other revision, or the same
 * version with another text (a reset, another instance), is parsed again. A PUT's body is parsed against the last
 * revision (`parseBody`): a client usually sends back what it read with a few fields changed, and only the top-level
 * members it changed are parsed. Core never changes a document it reads, so revisions may share those members.
 */
export class ParsedRevision {
  private last: Revision | undefined;
  /** The spans of the bodies `parseBody` built from the last revision, for `remember`. */
  private readonly built = new WeakMap<object, { readonly text: string; readonly spans: MemberSpans }>();

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

  /**
   * `JSON.parse(text)`, and throws as it does; when the text differs from the last revision's only inside its
   * members, the members it did not change are the last revision's own values.
   */
  parseBody(text: string): unknown {
    const last = this.last;
    const stretch = last === undefined ? undefined : changedStretch(last.text, text);
    if (last !== undefined && stretch !== undefined) {
      // Found once per revision (one pass over its text) when a body changes little, then carried from body to body.
      if (last.spans === undefined) last.spans = isObject(last.document) ? (memberSpans(last.text) ?? null) : null;
      if (last.spans !== null) {
        const next = parseChanged({ text: last.text, document: last.document, spans: last.spans }, text, stretch);
        if (next !== undefined) {
          this.built.set(next.document as object, { text, spans: next.spans });
          return next.document;
        }
      }
    }
    return JSON.parse(text);
  }

  /** Keeps `document`, the parse of `stored.text`, as the project's latest revision. */
  remember(groupId: string, stored: StoredAutomationConfig, document: unknown): void {
    const built = isObject(document) ? this.built.get(document) : undefined;
    const spans = built?.text === stored.text ? built.spans : undefined;
    this.last = { groupId, version: stored.version, text: stored.text, document, spans };
  }
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
