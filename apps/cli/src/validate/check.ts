/**
 * One file, start to finish: parse, choose, validate (core's rules; with `--json-schema` the JSON Schema too, merged),
 * place, mask. Pure apart from the validator it is given, so the same function runs in the main thread and in the
 * workers. dbkit's messages come with their quotations of the document masked (core's `Quoter`), so only the code
 * frames mask here; a service's messages, whose quotations are unknown, are scrubbed whole.
 */
import { type JsonPath, validateAutomationConfig } from '@dbkit/core';
import {
  type Anchor,
  type PathSource,
  spansOfPaths,
  validSpansAndSecrets,
} from '@dbkit/language-server/internal/locate';
import { isAutomationConfigFileName } from '@dbkit/schema/fileMatch';
import { parse } from 'jsonc-parser';
import { type Palette, severityColor } from '../output/color.js';
import { DEFAULT_FRAME, type FrameMasks, frameMasks, renderFrame } from '../output/frame.js';
import { isAutomationConfigValue } from './automation.js';
import type { FileResult, Finding, LocatedFinding, Range, Span } from './finding.js';
import { rangesOf } from './lines.js';
import { findSecretValues, type SecretValue, scrubberOf, secretValuesIn } from './mask.js';
import { mergeFindings } from './merge.js';
import { schemaAnchor, schemaFindings } from './schemaFindings.js';
import type { SchemaValidator } from './schemaValidator.js';
import { syntaxFindings } from './syntax.js';

export interface CheckContext {
  /** The JSON Schema, with `--json-schema` only (core reports all it does); undefined: only core's rules run. */
  readonly validator: SchemaValidator | undefined;
  /** Errors only: no code frames are rendered for warnings and infos (the output leaves them out). */
  readonly quiet: boolean;
  /** Render code frames (text format) with this palette; undefined for json and sarif. */
  readonly frames: Palette | undefined;
}

/** Core codes about a field's name rather than its value: the key is underlined. */
const KEY_CODES: ReadonlySet<string> = new Set(['DBK107', 'DBK108', 'DBK501', 'DBK503', 'DBK507']);

function anchorOf(finding: Finding): Anchor {
  if (finding.source === 'schema') return schemaAnchor(finding.code.slice('schema/'.length));
  return KEY_CODES.has(finding.code) ? 'key' : 'value';
}

const NOT_A_CONFIG = 'not an automation config (no "processes" and "dbVersions")';
const BROKEN_NOT_A_CONFIG = 'not valid JSON, and not named or shaped like an automation config';

/**
 * Checks one document.
 * @param explicit whether the user named this input (a file, a glob match, stdin); files found by walking a folder
 *   are validated only when they are automation configs.
 */
export function checkText(name: string, source: string, explicit: boolean, context: CheckContext): FileResult {
  // A byte-order mark is not JSON, but editors write one; it is dropped (columns count from after it).
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const named = explicit || isAutomationConfigFileName(name);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // A folder's broken JSON counts when its name or what can be read of it says automation config.
    if (!named && !isAutomationConfigValue(parse(text))) {
      return { name, status: 'skipped', reason: BROKEN_NOT_A_CONFIG, findings: [] };
    }
    const findings = syntaxFindings(text, error instanceof Error ? error.message : String(error));
    return { name, status: 'invalid-json', findings: locateFindings({ text }, findings, context, 'dbkit') };
  }
  if (!named && !isAutomationConfigValue(value)) return { name, status: 'skipped', reason: NOT_A_CONFIG, findings: [] };

  const schema = context.validator ? schemaFindings(context.validator.validate(value), value) : [];
  const findings = mergeFindings(validateAutomationConfig(value), schema);
  const located = findings.length === 0 ? [] : locateFindings({ text, valid: true }, findings, context, 'dbkit');
  return { name, status: 'checked', findings: located };
}

/**
 * Whose words the findings' messages are: dbkit's (core's, the JSON Schema check's, the syntax check's), which mask
 * their quotations of the document themselves, or a service's, whose quotations are unknown and which are scrubbed
 * of every secret value wherever it appears.
 */
export type MessageSource = 'dbkit' | 'service';

/**
 * Places findings in the text (`valid` when `JSON.parse` accepted it: no tree is built), in text order, with frames
 * when asked for, their secrets masked, and a service's messages scrubbed. Also used for the diagnostics of a
 * service's 400 (`dbkit config push`), so they print exactly as `dbkit validate`'s.
 */
export function locateFindings(
  source: PathSource,
  findings: readonly Finding[],
  context: CheckContext,
  messages: MessageSource = 'service',
): LocatedFinding[] {
  const { text } = source;
  const { paths, anchors } = pathsToPlace(findings);
  const frames = findings.some((finding) => isFramed(finding, context));
  const { spans, secrets } = spansAndSecrets(source, paths, anchors, frames, messages);
  const scrub = messages === 'service' ? scrubberOf(secrets) : (message: string) => message;
  const masks = frames ? frameMasks(secrets) : undefined;
  const placed = placeInTextOrder(findings, spans);
  return locatedOf(text, placed, rangesOfPlaced(text, placed), context, { scrub, masks });
}

/** Whether a finding gets a code frame: frames are asked for, and it is an error or `--quiet` is off. */
function isFramed(finding: Finding, context: CheckContext): boolean {
  return context.frames !== undefined && (!context.quiet || finding.severity === 'error');
}

/**
 * Every path to place, so all are placed in one batch: the findings' without a span of their own, then every related
 * one, in the order `placeInTextOrder` takes their spans.
 */
function pathsToPlace(findings: readonly Finding[]): { readonly paths: JsonPath[]; readonly anchors: Anchor[] } {
  const paths: JsonPath[] = [];
  const anchors: Anchor[] = [];
  for (const finding of findings) {
    if (finding.span === undefined) {
      paths.push(finding.path);
      anchors.push(anchorOf(finding));
    }
    for (const r of finding.related ?? []) {
      paths.push(r.path);
      anchors.push('value');
    }
  }
  return { paths, anchors };
}

/**
 * The spans of `paths`, and the document's secret values when a frame will show them or a service's messages are to
 * be scrubbed of them. Valid text is scanned once for the places and, when a frame will show them, the secrets.
 */
function spansAndSecrets(
  source: PathSource,
  paths: readonly JsonPath[],
  anchors: readonly Anchor[],
  frames: boolean,
  messages: MessageSource,
): { readonly spans: readonly Span[]; readonly secrets: readonly SecretValue[] } {
  const { text } = source;
  const scanned =
    source.valid === true && source.tree === undefined && frames
      ? validSpansAndSecrets(text, paths, anchors)
      : undefined;
  const spans = scanned?.spans ?? spansOfPaths(source, paths, anchors);
  const secrets: readonly SecretValue[] = scanned
    ? secretValuesIn(text, scanned.secrets)
    : frames || messages === 'service'
      ? findSecretValues(text, source.valid === true)
      : [];
  return { spans, secrets };
}

/** A finding with its span and its related ones' spans. */
interface Placed {
  readonly finding: Finding;
  readonly span: Span;
  readonly related: readonly { readonly path: JsonPath; readonly message: string; readonly span: Span }[] | undefined;
}

/** Each finding with its spans (its own, else the next of `spans`; then its related ones'), in text order. */
function placeInTextOrder(findings: readonly Finding[], spans: readonly Span[]): Placed[] {
  let next = 0;
  const placed = findings.map((finding) => {
    const span: Span = finding.span ?? spans[next++]!;
    const related = finding.related?.map((r) => ({ ...r, span: spans[next++]! }));
    return { finding, span, related };
  });
  // Stable: findings at the same place keep the order core reported them in.
  placed.sort((a, b) => a.span.offset - b.span.offset);
  return placed;
}

/** Every span's lines and columns in one pass: each finding's, then its related ones'. */
function rangesOfPlaced(text: string, placed: readonly Placed[]): Range[] {
  const all: Span[] = [];
  for (const { span, related } of placed) {
    all.push(span);
    for (const r of related ?? []) all.push(r.span);
  }
  return rangesOf(text, all);
}

/** What a located finding's text goes through: the messages' scrubbing, and the frames' masks (when framed). */
interface Masking {
  readonly scrub: (message: string) => string;
  readonly masks: FrameMasks | undefined;
}

/** The placed findings as every output prints them, `ranges` in `rangesOfPlaced`'s order. */
function locatedOf(
  text: string,
  placed: readonly Placed[],
  ranges: readonly Range[],
  context: CheckContext,
  { scrub, masks }: Masking,
): LocatedFinding[] {
  let at = 0;
  return placed.map(({ finding, span, related }) => {
    const range = ranges[at++]!;
    const located: LocatedFinding = {
      code: finding.code,
      severity: finding.severity,
      message: scrub(finding.message),
      path: finding.path,
      source: finding.source,
      range,
      ...(related
        ? {
            related: related.map((r) => ({
              path: r.path,
              message: scrub(r.message),
              range: ranges[at++]!,
            })),
          }
        : {}),
      ...(finding.tags ? { tags: finding.tags } : {}),
      ...(finding.suggestions ? { suggestions: finding.suggestions.map(scrub) } : {}),
      ...(context.frames && masks && isFramed(finding, context)
        ? {
            frame: renderFrame(text, span, range.start, masks, {
              ...DEFAULT_FRAME,
              palette: context.frames,
              accent: severityColor(context.frames, finding.severity),
            }),
          }
        : {}),
    };
    return located;
  });
}
