/**
 * Unions and intersections, reshaped so editors and validators give precise errors.
 *
 * TypeScript normalises an intersection with unions in it (`Alert = AlertCommon & AlertResolution &
 * AlertEventFields`) into a union of every combination, and typescript-json-schema writes exactly that: an `anyOf`
 * of 2 × 6 `allOf`s, each repeating the common fields. A wrong value then produces one error per branch and an
 * editor cannot tell which branch was meant. {@link undistributeIntersections} finds such products and writes the
 * intersection back as one `allOf`, and {@link discriminate} turns each union with a tag (`eventTypeName`, `status`,
 * `encryptionEnabled`) into `if`/`then` pairs keyed on the tag's value, so only the matching branch reports.
 */
import {
  definitionsOf,
  isNode,
  jsonEqual,
  type NodePath,
  refName,
  replaceNode,
  type SchemaNode,
  splitAnnotations,
  walk,
} from './walk.js';

/** Definition names typescript-json-schema makes up for anonymous or utility types: not worth a name. */
const ANONYMOUS_DEFINITION = /^(__type|Exclude|Extract|Omit|Pick|Partial|Required|Readonly|Record)(_\d+)?$/;

/** Inlines definitions whose names typescript-json-schema made up (`Exclude_1`, `__type`) where they are used. */
export function inlineAnonymousDefinitions(schema: SchemaNode): void {
  const definitions = definitionsOf(schema);
  const anonymous = Object.keys(definitions).filter((name) => ANONYMOUS_DEFINITION.test(name));
  if (anonymous.length === 0) return;
  const inline = (node: SchemaNode): void => {
    const name = refName(node);
    if (name === undefined || !anonymous.includes(name)) return;
    const { $ref: _ref, ...siblings } = node;
    // The reference's own annotations (the property's description) win over the definition's.
    replaceNode(node, { ...structuredClone(definitions[name] as SchemaNode), ...siblings });
    inline(node);
  };
  walk(schema, inline);
  for (const name of anonymous) delete definitions[name];
}

/** Removes definitions nothing refers to any more (after inlining and reshaping). */
export function pruneDefinitions(schema: SchemaNode): void {
  const definitions = definitionsOf(schema);
  const used = new Set<string>();
  const visitDefinition = (name: string): void => {
    if (used.has(name) || !definitions[name]) return;
    used.add(name);
    walk(definitions[name], collect);
  };
  const collect = (node: SchemaNode): void => {
    const name = refName(node);
    if (name !== undefined) visitDefinition(name);
  };
  const { definitions: _all, ...root } = schema;
  walk(root, collect);
  for (const name of Object.keys(definitions)) if (!used.has(name)) delete definitions[name];
  if (Object.keys(definitions).length === 0) delete schema.definitions;
}

/**
 * Finds every `anyOf` that is the product of an intersection with unions (each branch an `allOf` of the same
 * length, every combination present exactly once) and rewrites it as one `allOf` of the factors, each union factor
 * discriminated on its tag. Throws when a product is incomplete: that is a type shape this generator does not
 * understand, and writing it out unchanged would give editors the 12-branch errors described above.
 */
export function undistributeIntersections(schema: SchemaNode): void {
  walk(schema, (node, path) => {
    const branches = node.anyOf;
    if (!Array.isArray(branches) || branches.length < 2) return;
    const factors = branches.map((branch) => (isNode(branch) && Array.isArray(branch.allOf) ? branch.allOf : null));
    const width = factors[0]?.length ?? 0;
    if (width < 2 || !factors.every((f) => f !== null && f.length === width)) return;
    if (!branches.every((branch) => isNode(branch) && Object.keys(branch).length === 1)) return;
    const columns: SchemaNode[][] = [];
    for (let i = 0; i < width; i++) {
      const column: SchemaNode[] = [];
      for (const factor of factors) {
        const part = factor?.[i];
        if (!isNode(part)) return;
        if (!column.some((seen) => jsonEqual(seen, part))) column.push(part);
      }
      columns.push(column);
    }
    const product = columns.reduce((n, column) => n * column.length, 1);
    const combinations = new Set(
      factors.map((factor) => factor?.map((part, i) => columns[i]?.findIndex((c) => jsonEqual(c, part))).join(',')),
    );
    if (product !== branches.length || combinations.size !== branches.length) {
      throw new Error(
        `Expected the anyOf at ${formatPath(path)} to be a complete product of an intersection's unions, got ${branches.length} branches for ${product} combinations.`,
      );
    }
    const { anyOf: _anyOf, ...rest } = node;
    replaceNode(node, {
      ...rest,
      allOf: columns.map((column) => (column.length === 1 ? (column[0] as SchemaNode) : discriminate(column, path))),
    });
  });
}

/** The values a tag property accepts in one branch (`const` or `enum`), or undefined when it is not a tag. */
function tagValues(property: unknown): readonly (string | boolean)[] | undefined {
  if (!isNode(property)) return undefined;
  if (typeof property.const === 'string' || typeof property.const === 'boolean') return [property.const];
  if (Array.isArray(property.enum) && property.enum.every((v) => typeof v === 'string' || typeof v === 'boolean')) {
    return property.enum as (string | boolean)[];
  }
  return undefined;
}

/** The property that tells the branches apart: present in every branch with disjoint `const`/`enum` values. */
function findTag(branches: readonly SchemaNode[]): string | undefined {
  const first = branches[0]?.properties;
  if (!isNode(first)) return undefined;
  return Object.keys(first).find((name) => {
    const seen = new Set<string | boolean>();
    return branches.every((branch) => {
      const values = isNode(branch.properties) ? tagValues(branch.properties[name]) : undefined;
      if (!values || values.some((v) => seen.has(v))) return false;
      for (const v of values) seen.add(v);
      return true;
    });
  });
}

/**
 * A union of object schemas as `if`/`then` pairs keyed on its tag. The tag itself is declared once with every
 * value it may take, so an unknown tag value is one error at the tag and completion offers every value.
 * A branch whose tag is optional also applies when the tag is absent (its `if` has no `required`).
 */
export function discriminate(branches: readonly SchemaNode[], path: NodePath): SchemaNode {
  const tag = findTag(branches);
  if (tag === undefined) return { anyOf: [...branches] };
  const properties = branches.map((b) => (b.properties as SchemaNode)[tag] as SchemaNode);
  const values = properties.flatMap((p) => tagValues(p) ?? []);
  const requiredEverywhere = branches.every((b) => Array.isArray(b.required) && b.required.includes(tag));
  const descriptions = [...new Set(properties.map((p) => p.description).filter((d) => typeof d === 'string'))];
  const booleans = values.every((v) => typeof v === 'boolean');
  if (!booleans && !values.every((v) => typeof v === 'string')) {
    throw new Error(`Expected the tag "${tag}" at ${formatPath(path)} to have only string or only boolean values.`);
  }
  const tagSchema: SchemaNode = {
    ...(descriptions.length === 1 ? { description: descriptions[0] } : {}),
    ...(booleans ? { type: 'boolean' } : { type: 'string', enum: values }),
  };
  return {
    type: 'object',
    properties: { [tag]: tagSchema },
    ...(requiredEverywhere ? { required: [tag] } : {}),
    allOf: branches.map((branch, i) => {
      const values = tagValues(properties[i]) ?? [];
      const condition = values.length === 1 ? { const: values[0] } : { enum: values };
      const tagRequired = Array.isArray(branch.required) && branch.required.includes(tag);
      return {
        if: { properties: { [tag]: condition }, ...(tagRequired ? { required: [tag] } : {}) },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword.
        then: withoutTagCheck(branch, tag),
      };
    }),
  };
}

/**
 * A branch once its `if` has matched: the tag's value is already checked (by the `if` and by the tag declared
 * once beside the pairs), so the branch keeps only the tag's description, which is what a hover shows for it.
 */
function withoutTagCheck(branch: SchemaNode, tag: string): SchemaNode {
  const properties = { ...(branch.properties as SchemaNode) };
  const { annotations } = splitAnnotations(properties[tag] as SchemaNode);
  properties[tag] = annotations;
  const required = Array.isArray(branch.required) ? branch.required.filter((name) => name !== tag) : [];
  const { required: _required, ...rest } = branch;
  return { ...rest, properties, ...(required.length > 0 ? { required } : {}) };
}

function formatPath(path: NodePath): string {
  return path.length === 0 ? '(root)' : `/${path.join('/')}`;
}
