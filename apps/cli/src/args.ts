/** The command line as data: which command, with which options, or the one-line reason it cannot run. */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type ApiCommand, type ApiResource, isApiResource, parseApiCommand } from './api/args.js';

export type Format = 'text' | 'json' | 'sarif';
export const FORMATS: readonly Format[] = ['text', 'json', 'sarif'];

export interface ValidateCommand {
  readonly command: 'validate';
  readonly inputs: readonly string[];
  readonly format: Format;
  /** Exit 1 when there are more warnings than this. */
  readonly maxWarnings: number | undefined;
  readonly quiet: boolean;
  /** `--color` / `--no-color`; undefined: decide from the environment. */
  readonly color: boolean | undefined;
  /** Threads that check files (the main one and jobs - 1 workers); undefined: automatic (serial below the threshold). */
  readonly jobs: number | undefined;
  /** `--json-schema`: also check every document against @dbkit/schema's JSON Schema (Ajv); off by default. */
  readonly jsonSchema: boolean;
}

export interface PlanCommand {
  readonly command: 'plan';
  /** The deployed revision: a file, or `-` for stdin. */
  readonly from: string;
  /** The new revision: a file, or `-` for stdin. */
  readonly to: string;
  readonly format: Format;
  /** `--color` / `--no-color`; undefined: decide from the environment. */
  readonly color: boolean | undefined;
}

export interface SchemaCommand {
  readonly command: 'schema';
  readonly out: string | undefined;
}

export interface ExplainCommand {
  readonly command: 'explain';
  /** The code to explain; undefined lists every code. */
  readonly code: string | undefined;
  /** `--color` / `--no-color`; undefined: decide from the environment. */
  readonly color: boolean | undefined;
}

export type Command =
  | ValidateCommand
  | PlanCommand
  | SchemaCommand
  | ExplainCommand
  | ApiCommand
  | { readonly command: 'help'; readonly topic?: HelpTopic }
  | { readonly command: 'version' };

export type HelpTopic = 'validate' | 'plan' | 'schema' | 'explain' | ApiResource;

const isHelpTopic = (value: string | undefined): value is HelpTopic =>
  value === 'validate' ||
  value === 'plan' ||
  value === 'schema' ||
  value === 'explain' ||
  (value !== undefined && isApiResource(value));

export type ParsedArgs =
  | { readonly ok: true; readonly value: Command }
  | { readonly ok: false; readonly error: string };

const usageError = (error: string): ParsedArgs => ({ ok: false, error: `${error}; run dbkit --help for usage` });

/** node:util's messages are long and mention internals; dbkit says what is wrong in its own words. */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option ${unknown[1]}`;
  const missing = /Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(message);
  if (missing) return `option ${missing[1]} needs a value`;
  const ambiguous = /Option '(?:-\w, )?(--[\w-]+)' argument is ambiguous/.exec(message);
  if (ambiguous) return `option ${ambiguous[1]} needs a value (write ${ambiguous[1]}=VALUE for one that starts with -)`;
  const extra = /Unexpected argument '([^']+)'/.exec(message);
  if (extra) return `unexpected argument ${extra[1]}`;
  return message.split('\n')[0] ?? message;
}

/** node:util's `parseArgs`, strict and with positionals; its error in dbkit's words instead of an exception. */
function strictParse<O extends NonNullable<ParseArgsConfig['options']>>(args: readonly string[], options: O) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    return describeParseError(error);
  }
}

/** `--format`'s value (text by default), or what is wrong with it. */
function formatOption(value: string | undefined): { readonly format: Format } | { readonly error: string } {
  const format = value ?? 'text';
  return (FORMATS as readonly string[]).includes(format)
    ? { format: format as Format }
    : { error: `--format takes ${FORMATS.join(', ')}, not "${format}"` };
}

/** `--color` / `--no-color`: forced on, forced off, or undefined (decided by the terminal). */
function colorOption(values: { readonly color?: boolean; readonly 'no-color'?: boolean }): boolean | undefined {
  return values.color ? true : values['no-color'] ? false : undefined;
}

function nonNegativeInteger(name: string, value: string | undefined, min: number): number | string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) return `${name} takes an integer ${min} or more, not "${value}"`;
  return Number(value);
}

export function parseCommandLine(argv: readonly string[]): ParsedArgs {
  const [first, ...rest] = argv;
  if (first === undefined) return usageError('missing command: try dbkit validate <file|folder|glob|->');
  if (first === '--help' || first === '-h' || first === 'help') {
    const topic = rest[0];
    return { ok: true, value: { command: 'help', ...(isHelpTopic(topic) ? { topic } : {}) } };
  }
  if (first === '--version' || first === '-v') return { ok: true, value: { command: 'version' } };
  if (first === 'validate') return parseValidate(rest);
  if (first === 'plan') return parsePlan(rest);
  if (first === 'schema') return parseSchema(rest);
  if (first === 'explain') return parseExplain(rest);
  if (isApiResource(first)) return parseApiCommand(first, rest, describeParseError);
  if (first.startsWith('-')) {
    return usageError(`unknown option ${first} (give a command first: validate, schema, alerts, snapshots, …)`);
  }
  return usageError(`unknown command ${first}`);
}

function parseValidate(args: readonly string[]): ParsedArgs {
  const parsed = strictParse(args, validateOptions);
  if (typeof parsed === 'string') return usageError(parsed);
  const { values, positionals } = parsed;
  if (values.help) return { ok: true, value: { command: 'help', topic: 'validate' } };
  const format = formatOption(values.format);
  if ('error' in format) return usageError(format.error);
  const maxWarnings = nonNegativeInteger('--max-warnings', values['max-warnings'], 0);
  if (typeof maxWarnings === 'string') return usageError(maxWarnings);
  const jobs = nonNegativeInteger('--jobs', values.jobs, 1);
  if (typeof jobs === 'string') return usageError(jobs);
  if (values.color && values['no-color']) return usageError('give --color or --no-color, not both');
  if (positionals.length === 0) {
    return usageError(
      'dbkit validate needs at least one file, folder, glob or - (stdin), e.g. dbkit validate examples',
    );
  }
  return {
    ok: true,
    value: {
      command: 'validate',
      inputs: positionals,
      format: format.format,
      maxWarnings,
      quiet: values.quiet ?? false,
      color: colorOption(values),
      jobs,
      jsonSchema: values['json-schema'] ?? false,
    },
  };
}

const validateOptions = {
  format: { type: 'string', short: 'f' },
  'max-warnings': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  jobs: { type: 'string', short: 'j' },
  'json-schema': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const planOptions = {
  format: { type: 'string', short: 'f' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parsePlan(args: readonly string[]): ParsedArgs {
  const parsed = strictParse(args, planOptions);
  if (typeof parsed === 'string') return usageError(parsed);
  const { values, positionals } = parsed;
  if (values.help) return { ok: true, value: { command: 'help', topic: 'plan' } };
  const format = formatOption(values.format);
  if ('error' in format) return usageError(format.error);
  if (values.color && values['no-color']) return usageError('give --color or --no-color, not both');
  const [from, to, extra] = positionals;
  if (from === undefined || to === undefined) {
    return usageError(
      `dbkit plan needs ${from === undefined ? 'two files' : 'a second file'}: the deployed revision and the new one, e.g. dbkit plan deployed.json next.json`,
    );
  }
  if (extra !== undefined) return usageError(`unexpected argument ${extra}: dbkit plan compares exactly two files`);
  if (from === '-' && to === '-') return usageError('stdin (-) can be only one of the two revisions');
  return {
    ok: true,
    value: {
      command: 'plan',
      from,
      to,
      format: format.format,
      color: colorOption(values),
    },
  };
}

const schemaOptions = {
  out: { type: 'string', short: 'o' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseSchema(args: readonly string[]): ParsedArgs {
  try {
    const { values } = parseArgs({ args: [...args], options: schemaOptions, allowPositionals: false, strict: true });
    if (values.help) return { ok: true, value: { command: 'help', topic: 'schema' } };
    if (values.out === '') return usageError('--out needs a folder');
    return { ok: true, value: { command: 'schema', out: values.out } };
  } catch (error) {
    return usageError(describeParseError(error));
  }
}

const explainOptions = {
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseExplain(args: readonly string[]): ParsedArgs {
  const parsed = strictParse(args, explainOptions);
  if (typeof parsed === 'string') return usageError(parsed);
  const { values, positionals } = parsed;
  if (values.help) return { ok: true, value: { command: 'help', topic: 'explain' } };
  if (values.color && values['no-color']) return usageError('give --color or --no-color, not both');
  const [code, extra] = positionals;
  if (extra !== undefined) return usageError(`unexpected argument ${extra}: dbkit explain takes one code`);
  return { ok: true, value: { command: 'explain', code, color: colorOption(values) } };
}
