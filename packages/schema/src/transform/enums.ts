/**
 * Closed sets: every `enum` in a generated schema is matched to the @dbkit/core closed set it came from, put in
 * core's order (the spec's values first) and given `enumDescriptions` from core's per-value descriptions, which
 * editors show in completion lists and value hovers.
 */
import {
  AlertStatus,
  AlertStatusFilter,
  Architecture,
  AuthMechanism,
  BackupSourceTypeName,
  ClientCertificateMode,
  CollationAlternate,
  CollationCaseFirst,
  CollationMaxVariable,
  CompressionSetting,
  ConfigServerPartTypeName,
  type EnumDefinition,
  ErrorCode,
  EventGroup,
  EventTypeName,
  LdapBindMethod,
  LinkRelation,
  MetricGroup,
  MetricName,
  MissingShardTypeName,
  NamespaceFilterType,
  ProcessType,
  ReadConcernLevel,
  ScramMechanism,
  SnapshotCompletedFilter,
  SnapshotPartTypeName,
  TlsMode,
  Unit,
} from '@dbkit/core';
import { isNode, type NodePath, replaceNode, type SchemaNode, splitAnnotations, walk } from './walk.js';

/** A closed set: its values in order, each with the text an editor shows. */
interface ClosedSet {
  readonly name: string;
  readonly values: readonly string[];
  readonly descriptions: { readonly [value: string]: string };
}

function fromCore(name: string, definition: EnumDefinition): ClosedSet {
  const descriptions = Object.fromEntries(
    Object.entries(definition).map(([value, member]) => [
      value,
      member.deprecated ? `${member.description} Deprecated: ${member.deprecated}` : member.description,
    ]),
  );
  return { name, values: Object.keys(definition), descriptions };
}

/**
 * Literal unions in core's model that have no closed set in `core/src/enums/` (the server's own `args2_6`
 * options). Their descriptions live here until core declares them.
 */
const MODEL_LITERAL_SETS: readonly ClosedSet[] = [
  {
    name: 'ClusterRole',
    values: ['configsvr', 'shardsvr'],
    descriptions: {
      configsvr: 'The process is a member of the config server replica set of a sharded cluster.',
      shardsvr: "The process is a member of a shard's replica set.",
    },
  },
  {
    name: 'SystemLogDestination',
    values: ['file', 'syslog'],
    descriptions: {
      file: 'The server writes its log to the file named in `path`.',
      syslog: "The server writes its log to the host's syslog.",
    },
  },
];

/** Every closed set an enum may come from, by the name core exports it under. */
export const CLOSED_SETS: readonly ClosedSet[] = [
  fromCore('AlertStatus', AlertStatus),
  fromCore('AlertStatusFilter', AlertStatusFilter),
  fromCore('Architecture', Architecture),
  fromCore('AuthMechanism', AuthMechanism),
  fromCore('BackupSourceTypeName', BackupSourceTypeName),
  fromCore('ClientCertificateMode', ClientCertificateMode),
  fromCore('CollationAlternate', CollationAlternate),
  fromCore('CollationCaseFirst', CollationCaseFirst),
  fromCore('CollationMaxVariable', CollationMaxVariable),
  fromCore('CompressionSetting', CompressionSetting),
  fromCore('ConfigServerPartTypeName', ConfigServerPartTypeName),
  {
    name: 'ErrorCode',
    values: Object.keys(ErrorCode),
    descriptions: Object.fromEntries(
      Object.entries(ErrorCode).map(([code, d]) => [code, `${d.status} ${d.reason}: ${d.detail}`]),
    ),
  },
  fromCore('EventGroup', EventGroup),
  fromCore('EventTypeName', EventTypeName),
  fromCore('LdapBindMethod', LdapBindMethod),
  fromCore('LinkRelation', LinkRelation),
  fromCore('MetricGroup', MetricGroup),
  fromCore('MetricName', MetricName),
  fromCore('MissingShardTypeName', MissingShardTypeName),
  fromCore('NamespaceFilterType', NamespaceFilterType),
  fromCore('ProcessType', ProcessType),
  fromCore('ReadConcernLevel', ReadConcernLevel),
  fromCore('ScramMechanism', ScramMechanism),
  fromCore('SnapshotCompletedFilter', SnapshotCompletedFilter),
  fromCore('SnapshotPartTypeName', SnapshotPartTypeName),
  fromCore('TlsMode', TlsMode),
  fromCore('Unit', Unit),
  ...MODEL_LITERAL_SETS,
];

/**
 * Closed sets whose unknown values the validator accepts with a warning (`openValues` in core's shapes: DBK109),
 * because the service may know values dbkit does not. The schema offers their values but accepts any string, so an
 * editor never shows an error that `dbkit validate` does not.
 */
export const OPEN_SETS: readonly string[] = ['Architecture', 'AuthMechanism'];

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v) => b.includes(v));
}

/**
 * The closed set an enum comes from: the one its definition is named after; else the one with exactly its values
 * (several are fine when they describe each value alike); else the only one holding all its values.
 */
function resolveSet(values: readonly string[], definitionName: string | undefined, where: string): ClosedSet {
  const named = CLOSED_SETS.find((set) => set.name === definitionName);
  if (named) {
    if (!values.every((v) => named.values.includes(v))) {
      throw new Error(`The enum at ${where} has values that core's ${named.name} lacks: ${values.join(', ')}.`);
    }
    return named;
  }
  const exact = CLOSED_SETS.filter((set) => sameValues(set.values, values));
  const describeAlike = (sets: readonly ClosedSet[]): boolean =>
    sets.every((set) => values.every((v) => set.descriptions[v] === sets[0]?.descriptions[v]));
  if (exact.length > 0 && describeAlike(exact)) return exact[0] as ClosedSet;
  const supersets = CLOSED_SETS.filter((set) => values.every((v) => set.values.includes(v)));
  if (exact.length === 0 && supersets.length > 0 && describeAlike(supersets)) return supersets[0] as ClosedSet;
  const candidates = (exact.length > 0 ? exact : supersets).map((set) => set.name);
  throw new Error(
    candidates.length > 0
      ? `The enum at ${where} (${values.join(', ')}) could come from ${candidates.join(' or ')}: name its type after one.`
      : `The enum at ${where} (${values.join(', ')}) matches no closed set of @dbkit/core: declare one there.`,
  );
}

/**
 * Puts every enum in core's order and adds `enumDescriptions`; makes the open sets accept any string. Single-value
 * closed sets written as `const` (a definition such as `ConfigServerPartTypeName`) become a one-value enum, so they
 * get a description too. Enums inside `if` are conditions, not documentation, and are left alone.
 */
export function describeEnums(schema: SchemaNode): void {
  const definitions = isNode(schema.definitions) ? schema.definitions : {};
  const nameOf = new Map<SchemaNode, string>();
  for (const [name, definition] of Object.entries(definitions)) if (isNode(definition)) nameOf.set(definition, name);
  const opened = new WeakSet<SchemaNode>();
  walk(schema, (node, path) => {
    if (path.includes('if') || opened.has(node)) return;
    const name = nameOf.get(node);
    if (name !== undefined && typeof node.const === 'string' && CLOSED_SETS.some((set) => set.name === name)) {
      node.enum = [node.const];
      delete node.const;
    }
    if (!Array.isArray(node.enum) || !node.enum.every((v) => typeof v === 'string')) return;
    const values = node.enum as string[];
    const set = resolveSet(values, name, formatPath(path));
    node.enum = set.values.filter((v) => values.includes(v));
    node.enumDescriptions = (node.enum as string[]).map((v) => set.descriptions[v]);
    if (OPEN_SETS.includes(set.name)) opened.add(openEnum(node));
  });
}

/** `{enum}` → `{anyOf: [{enum}, {type: string}]}`: the values are offered and described, any string validates. */
function openEnum(node: SchemaNode): SchemaNode {
  const { annotations, validation } = splitAnnotations(node);
  replaceNode(node, {
    ...annotations,
    // No description on the catch-all branch: an editor would show it instead of the field's own.
    anyOf: [validation, { type: 'string' }],
  });
  return validation;
}

function formatPath(path: NodePath): string {
  return path.length === 0 ? '(root)' : `/${path.join('/')}`;
}
