/**
 * `@dbkit/language-server/internal/locate`: JSON paths placed in a document's text, and a plan placed in its two revisions,
 * the same for the editor, `dbkit` and the playground. Its modules import only core and jsonc-parser, so a bundle
 * that needs them (the CLI's, whose start-up is measured) does not carry the language service.
 */

export { type LocatePlanOptions, locatePlan, type PlanText } from './service/features/plan/locatePlan.js';
export {
  type Anchor,
  type LocatedNode,
  locatePaths,
  type PathSource,
  rangesOfSpans,
  type Span,
  spanOfLocated,
  spansOfPaths,
  validSpansAndSecrets,
} from './service/locate.js';
