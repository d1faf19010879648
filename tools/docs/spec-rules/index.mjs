// Every rule of the spec (`../shared/spec/service-spec.md`) with a stable id. A test proves a rule by carrying
// `[spec:<id>]` in its title; `spec-coverage.mjs` writes `docs/spec-coverage.md` from these and the tests.
//
// A rule is `{ id, section, text, decision? }`:
// - `id`: stable, lowercase, `[a-z0-9-]`; never reused for another rule, never renamed (tests carry it).
// - `section`: the spec heading it comes from (`sections.mjs`).
// - `text`: the spec's words in brief (one line).
// - `decision`: for what the spec leaves "not shown" or open, the decision record that fills the gap, as
//   `<file>.md#<anchor>` under `docs/decisions/`.
import { documentRules } from './document.mjs';
import { serviceRules } from './service.mjs';

export { SPEC_SECTIONS } from './sections.mjs';

/** @type {readonly import('./types.js').SpecRule[]} */
export const SPEC_RULES = [...serviceRules, ...documentRules];
