export interface SpecRule {
  /** Stable id, `[a-z0-9-]+`; tests carry it as `[spec:<id>]` in their titles. */
  readonly id: string;
  /** The spec heading the rule comes from, exactly as in `SPEC_SECTIONS`. */
  readonly section: string;
  /** The spec's words in brief. */
  readonly text: string;
  /** `<file>.md#<anchor>` under `docs/decisions/`, for a rule the spec leaves "not shown" or open. */
  readonly decision?: string;
}
