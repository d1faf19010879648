/**
 * The reference of every diagnostic code (`@dbkit/core/explain`): each code's entry with its title and severity
 * from its declaration, and the sections every front end prints (`docs/codes.md`, the site's `/codes/` pages,
 * `dbkit explain`). Apart from the package root, so a validator bundle carries none of it.
 */

export type { CodeExamples, CodeSource, TransitionCodeDoc, ValidationCodeDoc } from './codeDoc.js';
export {
  applyEdits,
  type Edit,
  EXAMPLE_BASE,
  type ExampleDocument,
  exampleExcerpt,
  exampleValue,
  type TransitionExample,
  type ValidationExample,
} from './example.js';
export { allCodes, type ExplainedCode, explainCode, TRANSITION_CODE_DOCS, VALIDATION_CODE_DOCS } from './registry.js';
export { type Block, explainMarkdown, explainSections, type MarkdownLinks, type Section } from './sections.js';
