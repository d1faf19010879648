/**
 * `@dbkit/core/internal`: what dbkit's own packages share (the CLI, the language server, the service, the
 * playground). Not part of the public API: it may change in any release, and its report is not reviewed.
 */
export { enumGuard, enumValues } from './enums/define.js';
// Skipping over valid JSON text without parsing it (the editor's first diagnostics, the service's PUT).
export { isJsonSpace, jsonSpaceEnd, jsonStringEnd, jsonValueEnd } from './json/skip.js';
export { codeArea, diagnosticArea, PLAIN_PALETTE } from './plan/text.js';
// Reproducible randomness for seeded data and randomised tests.
export { seededRandom } from './random.js';
// The scanners' view of secret paths, and the quoting that masks them.
export { type Quoter, quoterOf, type TextRange } from './secrets/mask.js';
export { mayHoldSecretBelow, SECRET_KEYS, SECRET_ROOT, type SecretNode, secretStep } from './secrets/paths.js';
