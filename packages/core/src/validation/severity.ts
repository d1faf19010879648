/** How serious a diagnostic is and what an editor may show of it: declared apart, for the codes and the diagnostics. */
/** How serious a diagnostic is. */
export const Severity = {
  error: { description: 'The document breaks a rule of the spec: the service rejects it or the deployment breaks.' },
  warning: {
    description: 'The document is accepted, but something is obsolete, ineffective or dangerous, or probably a typo.',
  },
  info: { description: 'Worth knowing; nothing is wrong.' },
} as const;
export type Severity = keyof typeof Severity;

/** Extra meaning an editor can show: struck-through (deprecated) or faded (unnecessary). */
export const DiagnosticTag = {
  deprecated: { description: 'The field or value is deprecated or obsolete.' },
  unnecessary: { description: 'The field has no effect where it is.' },
} as const;
export type DiagnosticTag = keyof typeof DiagnosticTag;
