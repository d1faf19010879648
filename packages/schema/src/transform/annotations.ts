/**
 * Editor annotations derived from the JSDoc typescript-json-schema copied into the schema: readable descriptions
 * (with a Markdown twin), deprecation flags and messages, defaults named in the hover text, `null` accepted where the
 * validator accepts it, and service-managed sections kept out of completion lists.
 */
import { isNode, refName, replaceNode, type SchemaNode, splitAnnotations, walk } from './walk.js';

/**
 * JSDoc text as typescript-json-schema copies it keeps the source's line wrapping. Lines of one paragraph are
 * joined with a space; blank lines stay paragraph breaks. `{@link X}` (left as is in tag text and in comments of
 * types the generator inlines) becomes a code span.
 */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(
      /\{@link\s+([^}|\s]+)\s*(?:\|\s*([^}]*?)\s*)?\}/g,
      (_, target: string, label?: string) => label || `\`${target}\``,
    )
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .join(' ')
        .trim(),
    )
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
}

/**
 * For every node: normalises `description` and adds `markdownDescription` (the JSDoc is Markdown already: code
 * spans for field names and values), with the default value and the deprecation appended.
 *
 * `@deprecated` arrives as `deprecated: "<message>"`. On a property it becomes `deprecated: true` plus VS Code's
 * `deprecationMessage` (a warning where the field is used) and `doNotSuggest` (nobody should add it to a new
 * document). On a type (a definition, the root, array items) the message goes into the description only: editors
 * warn wherever a deprecated schema matches, and a warning over a whole response or on every item of a list that is
 * already flagged helps nobody.
 */
export function describeNodes(schema: SchemaNode): void {
  walk(schema, (node, path) => {
    const isProperty = path.at(-2) === 'properties' && !path.includes('if');
    let deprecation: string | undefined;
    // A string is the generator's copy of an `@deprecated` tag; `true` is this function's own output.
    if (typeof node.deprecated === 'string') {
      deprecation = normaliseText(node.deprecated) || 'Deprecated.';
      delete node.deprecated;
      if (isProperty) flagDeprecated(node, deprecation);
    }
    if (typeof node.description !== 'string') return;
    const description = normaliseText(node.description);
    if (path.length === 2 && path[0] === 'definitions') {
      // VS Code copies a definition's keywords over the `$ref`ing property, description included. Only the
      // property's markdownDescription survives that, so definitions get none: hovers show the property's text.
      node.description = deprecation === undefined ? description : `${description} Deprecated: ${deprecation}`;
      return;
    }
    node.description = description;
    const notes: string[] = [];
    if (node.default !== undefined) notes.push(`Default: \`${JSON.stringify(node.default)}\`.`);
    if (deprecation !== undefined) notes.push(`**Deprecated:** ${deprecation}`);
    node.markdownDescription = [description, ...notes].join('\n\n');
  });
}

/**
 * Flags a deprecated property. An array is flagged only when it has items: an empty list configures nothing, and
 * the service's own output carries `"monitoringVersions": []`, `"backupVersions": []`, `"configServer": []`, which
 * the validator accepts without a warning too (it warns about non-empty ones: DBK501, DBK502).
 */
function flagDeprecated(node: SchemaNode, message: string): void {
  node.doNotSuggest = true;
  const flag = { deprecated: true, deprecationMessage: message };
  if (node.type === 'array') {
    const conditions = Array.isArray(node.allOf) ? node.allOf : [];
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword.
    node.allOf = [...conditions, { if: { type: 'array', minItems: 1 }, then: flag }];
  } else {
    Object.assign(node, flag);
  }
}

/** The text completion lists show for `null` in an optional field. */
const NULL_MEANING = 'null: counts as absent (the field is not set).';

/**
 * `null` in an optional field counts as absent for the validator (real documents write `"uiBaseUrl": null`,
 * `"baseUrl": null`, `"CAFilePath": null`), so every optional property also accepts `null` (docs/decisions/schema.md,
 * "The schema reports an error only where `dbkit validate` does").
 * Required properties do not: `null` there is a type error for the validator too.
 *
 * `null` is added where it costs nothing: to the `type` (and `enum`) of the property itself, or, when the property
 * is a `$ref`, to the definition when every use of it is an optional property. A wrapper `anyOf: [X, null]` is the
 * last resort (a definition also used where `null` is not allowed), because a validator then reports a wrong value
 * three times (the error inside X, "must be null", "must match a schema in anyOf"). Annotations stay on the
 * property, so hovers and completions are unchanged.
 */
export function allowNullInOptionalProperties(schema: SchemaNode): void {
  const definitions = isNode(schema.definitions) ? schema.definitions : {};
  const optionalSites: SchemaNode[] = [];
  const onlyOptional = new Map<string, boolean>();
  walk(schema, (node, path) => {
    if (path.includes('if')) return;
    const name = refName(node);
    if (name !== undefined && !optionalSites.includes(node)) onlyOptional.set(name, false);
    if (!isNode(node.properties)) return;
    const required = Array.isArray(node.required) ? node.required : [];
    for (const [key, property] of Object.entries(node.properties)) {
      if (required.includes(key) || !isNode(property)) continue;
      optionalSites.push(property);
      const target = refName(property);
      if (target !== undefined && onlyOptional.get(target) !== false) onlyOptional.set(target, true);
    }
  });
  for (const [name, only] of onlyOptional) {
    const definition = definitions[name];
    if (only && isNode(definition)) addNull(definition);
  }
  for (const property of optionalSites) {
    const target = refName(property);
    if (target === undefined) addNull(property);
    else if (!onlyOptional.get(target)) wrapNullable(property);
  }
}

/** Lets a schema node accept `null` as well, in place. */
function addNull(node: SchemaNode): void {
  if (Array.isArray(node.enum)) {
    if (!node.enum.includes(null)) {
      node.enum = [...node.enum, null];
      if (Array.isArray(node.enumDescriptions)) node.enumDescriptions = [...node.enumDescriptions, NULL_MEANING];
    }
    addNullType(node);
    return;
  }
  if (Array.isArray(node.anyOf)) {
    if (!node.anyOf.some((branch) => isNode(branch) && branch.type === 'null')) {
      node.anyOf = [...node.anyOf, { type: 'null' }];
    }
    return;
  }
  // An allOf of if/then pairs only annotates (the deprecation of a non-empty list): it never rejects null.
  const onlyConditions =
    Array.isArray(node.allOf) &&
    node.allOf.every((part) => isNode(part) && Object.keys(part).every((k) => k === 'if' || k === 'then'));
  if (
    '$ref' in node ||
    'const' in node ||
    ('allOf' in node && !onlyConditions) ||
    'oneOf' in node ||
    'if' in node ||
    'not' in node
  ) {
    wrapNullable(node);
    return;
  }
  addNullType(node);
}

function addNullType(node: SchemaNode): void {
  const type = node.type;
  if (type === undefined) return; // Any value already, null included.
  const types = Array.isArray(type) ? type : [type];
  if (!types.includes('null')) node.type = [...types, 'null'];
}

function wrapNullable(node: SchemaNode): void {
  const { annotations, validation } = splitAnnotations(node);
  replaceNode(node, { ...annotations, anyOf: [validation, { type: 'null' }] });
}

/** Keeps the named top-level properties out of completion lists (they stay known: typed, hovered, not reported). */
export function doNotSuggest(schema: SchemaNode, names: readonly string[]): void {
  const properties = isNode(schema.properties) ? schema.properties : {};
  for (const name of names) {
    const property = properties[name];
    if (!isNode(property)) throw new Error(`Expected a top-level property "${name}" to keep out of completions.`);
    property.doNotSuggest = true;
  }
}
