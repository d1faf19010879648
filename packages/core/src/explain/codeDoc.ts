/**
 * The reference entry of a diagnostic code: what it means, why it is a rule, a wrong and a right example that the
 * test suite runs through the real rules, how to fix it. One entry per code, beside the code's declaration; the
 * generated reference (`docs/codes.md`), the schema site's `/codes/` pages and `dbkit explain` all read it.
 */
import type { TransitionExample, ValidationExample } from './example.js';

/** A source a rule rests on: a place in the repository (`docs/decisions/validation.md#…`), named for a reader. */
export interface CodeSource {
  readonly label: string;
  /** A path from the repository's root, with an anchor where it points into a page. */
  readonly path: string;
}

/** The examples of a code: a wrong and a right one, or why there can be none. */
export type CodeExamples<E> = { readonly wrong: E; readonly right: E } | { readonly none: string };

interface CodeDocBase {
  /** What the code means, one paragraph. */
  readonly meaning: string;
  /** Why it is a rule: the reason in a sentence or two. */
  readonly why: string;
  /** Where the reason is written down. */
  readonly sources: readonly CodeSource[];
  /** How to fix it. */
  readonly fix: string;
  /** What the language server's quick fix does, when it offers one. */
  readonly quickFix?: string;
  /** Codes a reader of this one should know. */
  readonly related?: readonly string[];
}

/** The entry of a validation code (DBK1xx–DBK5xx). */
export interface ValidationCodeDoc extends CodeDocBase {
  readonly examples: CodeExamples<ValidationExample>;
}

/** The entry of a transition code (DBK6xx): its examples are pairs of revisions. */
export interface TransitionCodeDoc extends CodeDocBase {
  readonly examples: CodeExamples<TransitionExample>;
}
