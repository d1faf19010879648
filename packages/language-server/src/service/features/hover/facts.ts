/** A field's facts as hover text: header (name, type, required), description, values, default, limits, deprecation. */

import type { Markup } from './markup.js';
import type { FieldFacts, Limit } from './schemas.js';

/** Enums longer than this are not listed in full. */
const ENUM_LIST_LIMIT = 12;

function json(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function typeText(facts: FieldFacts, m: Markup): string | undefined {
  if (facts.types.length === 0) return undefined;
  return facts.types.map((type) => m.code(type)).join(' or ');
}

function limitLines(limits: readonly Limit[], m: Markup): string[] {
  const of = (kind: Limit['kind']) => limits.find((limit) => limit.kind === kind)?.value;
  const lines: string[] = [];
  const pair = (low: unknown, high: unknown, label: string, unit = '') => {
    if (low !== undefined && high !== undefined)
      lines.push(`${label}: ${m.code(String(low))} to ${m.code(String(high))}${unit}`);
    else if (low !== undefined) lines.push(`${label}: at least ${m.code(String(low))}${unit}`);
    else if (high !== undefined) lines.push(`${label}: at most ${m.code(String(high))}${unit}`);
  };
  const min = of('minimum');
  const max = of('maximum');
  if (min !== undefined && max !== undefined) lines.push(`Range: ${m.code(String(min))} to ${m.code(String(max))}`);
  else if (min !== undefined) lines.push(`Minimum: ${m.code(String(min))}`);
  else if (max !== undefined) lines.push(`Maximum: ${m.code(String(max))}`);
  const exclusiveMin = of('exclusiveMinimum');
  if (exclusiveMin !== undefined) lines.push(`Greater than ${m.code(String(exclusiveMin))}`);
  const exclusiveMax = of('exclusiveMaximum');
  if (exclusiveMax !== undefined) lines.push(`Less than ${m.code(String(exclusiveMax))}`);
  pair(of('minLength'), of('maxLength'), 'Length', ' characters');
  pair(of('minItems'), of('maxItems'), 'Items');
  const pattern = of('pattern');
  if (pattern !== undefined) lines.push(`Pattern: ${m.code(String(pattern))}`);
  return lines;
}

export interface FactsOptions {
  /** What the hover is about: the field's key, or `configServer[]` for an array item. */
  readonly title: string | undefined;
  /** The hovered value when it is a scalar that may be echoed (never a secret's). */
  readonly value?: unknown;
  readonly secret: boolean;
}

/** The sections of a field's hover, in order. */
export function factsSections(facts: FieldFacts, m: Markup, options: FactsOptions): string[] {
  const header = [
    options.title === undefined ? undefined : m.strong(options.title),
    typeText(facts, m),
    facts.required === undefined ? undefined : facts.required ? 'Required' : 'Optional',
  ].filter((part) => part !== undefined);
  const sections: string[] = [];
  if (header.length > 0) sections.push(header.join(' · '));
  if (facts.description !== undefined && facts.description.length > 0) sections.push(m.fromMarkdown(facts.description));

  const enumValues = facts.enumValues?.filter((value) => value !== null);
  if (!options.secret && enumValues !== undefined && options.value !== undefined) {
    const index = facts.enumValues?.indexOf(options.value) ?? -1;
    const said = index === -1 ? undefined : facts.enumDescriptions?.[index];
    if (said !== undefined)
      sections.push(`${m.code(json(options.value).replace(/^"|"$/g, ''))}: ${m.fromMarkdown(said)}`);
  }

  const lines: string[] = [];
  if (enumValues !== undefined && enumValues.length > 0 && enumValues.length <= ENUM_LIST_LIMIT) {
    lines.push(
      `Values: ${enumValues.map((value) => m.code(typeof value === 'string' ? value : json(value))).join(', ')}`,
    );
  }
  if (facts.hasDefault) lines.push(`Default: ${m.code(json(facts.defaultValue))}`);
  lines.push(...limitLines(facts.limits, m));
  if (facts.requiredFields.length > 0) {
    lines.push(`Required fields: ${facts.requiredFields.map((field) => m.code(field)).join(', ')}`);
  }
  if (lines.length > 0) sections.push(m.lines(lines));

  if (facts.deprecated !== undefined) sections.push(`${m.strong('Deprecated:')} ${m.fromMarkdown(facts.deprecated)}`);
  if (options.secret && !/secret/i.test(facts.description ?? ''))
    sections.push('A secret: dbkit never shows its value.');
  return sections;
}
