/**
 * One parse per document version, shared by every feature. The text is parsed into the compact tree (`tree/`:
 * offsets, parents, syntax errors; vscode-json-languageservice's node shapes made on demand) on first use; the
 * value comes from `JSON.parse` when the text is valid JSON (the fast path) and from the tree otherwise; the reference graph and core's diagnostics are built from
 * those on first use too. Everything is computed at most once per version, and only when a feature asks.
 */
import { type Diagnostic as CoreDiagnostic, type JsonPath, validateAutomationConfig } from '@dbkit/core';
import type { ASTNode, JSONDocument, LanguageService as JsonLanguageService } from 'vscode-json-languageservice';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type DocumentTree,
  type FullParse,
  jsonDocumentOf,
  reparseIncrementally,
  startFullParse,
  type TextChange,
} from './incremental.js';
import { nodeAtPath, nodeValue, pathOf, propertyHolding } from './jsonAst.js';
import { type LocatedNode, locatedNode, locatePaths } from './locate.js';
import { buildReferenceGraph, type ReferenceGraph } from './references/graph.js';
import { DECLARING_SECTIONS } from './references/sites.js';
import { namesInSteps, type ValueNames } from './references/valueNames.js';
import { sliceText, textLength } from './textModel.js';
import { nodeOf } from './tree/nodes.js';

/**
 * A document as the language service hands it out (`service.parse`): one version of one text, which every verb of
 * the service takes. What the service builds from it (the tree, the value, the references) is the service's own.
 */
export interface ServedDocument {
  readonly textDocument: TextDocument;
  readonly uri: string;
  readonly version: number;
}

/** The service's side of a `ServedDocument`: what the features read, each part built on first use. */
export interface ParsedDocument extends ServedDocument {
  /**
   * The edit that made this version from the version before it, when the service was told of it (`update`), with
   * the names that version's value gave when its diagnostics read it (a large valid text's).
   */
  readonly edit:
    | { readonly fromVersion: number; readonly change: TextChange; readonly previousNames: ValueNames | undefined }
    | undefined;
  /** The names this version's value gave when its diagnostics read it, while it has no tree (a large valid text's). */
  valueNames(): ValueNames | undefined;
  /** Reads those names a step per top-level item (the warm-up's slices); what is left `valueNames` reads at once. */
  namesWork(): Iterator<void>;
  /** The whole text (built on first read when the document is a `TextModel` that was edited). */
  readonly text: string;
  /** The text of `[start, end)`, without building the whole text when the document can avoid it. */
  slice(start: number, end: number): string;
  /** vscode-json-languageservice's document over the tree: the generic JSON features (completion, hover…) take it. */
  readonly json: JSONDocument;
  /** The tree's root; undefined for an empty text. */
  readonly root: ASTNode | undefined;
  /** The tree, for the next version's incremental update (which updates it in place). */
  treeForEdit(): DocumentTree;
  /** Whether `JSON.parse` accepts the text (no syntax error, no comment, no trailing comma). */
  readonly validJson: boolean;
  /** The document's value: what `JSON.parse` returns, or the tree's best reading of a broken text. */
  readonly value: unknown;
  /** Declarations and references of the names the document defines (processes, versions, replica sets…). */
  readonly references: ReferenceGraph;
  /** `validateAutomationConfig` of the value. */
  readonly semantic: readonly CoreDiagnostic[];
  /**
   * `semantic`, and how many keys the value `JSON.parse` gave has (every object's, at every level), counted while the
   * value is at hand (it is not kept): a text that gives more keys than that gives some key twice. `valueKeys` is
   * undefined when the text is not valid JSON or `semantic` was computed before without counting.
   */
  semanticCountingKeys(): { readonly diagnostics: readonly CoreDiagnostic[]; readonly valueKeys: number | undefined };
  /**
   * `semantic` (with `semanticCountingKeys` when `countKeys`), and a large valid text's value kept until its names are
   * read (`valueNames`: the warm-up reads them once the diagnostics are out), for a keystroke that comes before the
   * tree: what an editor's diagnostics ask for.
   */
  semanticForTyping(countKeys: boolean): {
    readonly diagnostics: readonly CoreDiagnostic[];
    readonly valueKeys: number | undefined;
  };
  /**
   * Where each path is (or the deepest node on the way to it), in one batch: from the tree when it is built or the
   * text is broken, else by a scan for just these paths (a freshly opened document's first push, `textScan.ts`).
   */
  locate(paths: readonly JsonPath[]): LocatedNode[];
  /** Whether the tree has been built (or reused from the previous version). */
  hasTree(): boolean;
  /**
   * Builds the tree on until `performance.now()` reaches `deadline` (the warm-up's slices); whether it is built. A
   * build in progress belongs to this version's text: the next version finishes it and updates it incrementally.
   */
  buildTree(deadline: number): boolean;
  /** Whether the tree is built or its build has started. */
  treeStarted(): boolean;
  /** About how many characters are still to be read before the tree is built (0 once it is). */
  treeWork(): number;
  /**
   * `read` of the value `JSON.parse` gives of the text, which is not kept (a large document's value would hold on to
   * several times its size); undefined when the text is not valid JSON.
   */
  readParsed<T>(read: (value: unknown) => T): T | undefined;
  /**
   * A graph whose declarations hold for this version (its own, or one inherited across edits that declared
   * nothing), if one has been built; the next version may take its declarations over.
   */
  declarationsFrom(): ReferenceGraph | undefined;
}

/**
 * From this length on, diagnostics read the names of a valid text's value for a keystroke that comes before the
 * tree (`features/completion/beforeTree.ts`), at about a tenth of `JSON.parse`'s cost: a shorter text is parsed
 * again when a keystroke needs them, in a few milliseconds.
 */
const NAMES_FROM_LENGTH = 1024 * 1024;

/** Computes `compute()` on first read of `key` and keeps it. */
function lazy<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = compute();
      Object.defineProperty(target, key, { value, enumerable: true, writable: false });
      return value;
    },
  });
}

/** The previous version's tree and the one edit that leads from it to this version. */
export interface IncrementalBasis {
  readonly previous: ParsedDocument;
  readonly change: TextChange;
}

/** A `ParsedDocument` while `parseDocument` puts its parts in. */
type DocumentUnderway = { -readonly [K in keyof ParsedDocument]: ParsedDocument[K] };

/** Lets go of the version an `edit` would read names from (`editFrom`), by the version the edit made. */
const releaseEdit = new WeakMap<object, () => void>();

/**
 * `edit` of a version made from `basis`: the previous version's names are read when a keystroke first asks for them
 * (a pasted line needs none). The previous version is let go once this version has its tree or a next version
 * comes: else each version would hold the one before it, and the first one's value with it.
 */
function editFrom(doc: DocumentUnderway, basis: IncrementalBasis): NonNullable<ParsedDocument['edit']> {
  let previous: ParsedDocument | undefined = basis.previous;
  let read: ValueNames | undefined;
  releaseEdit.get(basis.previous)?.();
  releaseEdit.set(doc, () => {
    previous = undefined;
  });
  return {
    fromVersion: basis.previous.version,
    change: basis.change,
    get previousNames() {
      if (previous !== undefined && !doc.hasTree()) read = previous.valueNames();
      previous = undefined;
      return doc.hasTree() ? undefined : read;
    },
  };
}

export function parseDocument(
  textDocument: TextDocument,
  jsonService: JsonLanguageService,
  basis?: IncrementalBasis,
): ParsedDocument {
  const doc = { textDocument, uri: textDocument.uri, version: textDocument.version } as DocumentUnderway;
  doc.edit = basis === undefined ? undefined : editFrom(doc, basis);
  // A keystroke reads only the container it reparses and the text around the cursor: the whole text is not built.
  lazy(doc, 'text', () => textDocument.getText());
  doc.slice = (start, end) => sliceText(textDocument, start, end);
  const inherited = addTree(doc, jsonService, basis);
  addValue(doc);
  let graph: ReferenceGraph | undefined;
  Object.defineProperty(doc, 'references', {
    enumerable: true,
    get: () => {
      graph ??= buildReferenceGraph(doc.root, inherited());
      return graph;
    },
  });
  doc.declarationsFrom = () => graph ?? inherited();
  doc.locate = (paths) =>
    paths.length === 0
      ? []
      : doc.hasTree() || !doc.validJson
        ? paths.map((path) => locateInTree(doc.root, path))
        : locatePaths({ text: doc.text, valid: true }, paths);
  return doc;
}

/**
 * The tree's parts of `doc` (`json`, `root`, `treeForEdit`, `buildTree`…): the previous version's tree updated, or the
 * text parsed, on first use. Returns the declarations the previous version's graph hands on (once the tree is
 * updated), for the references.
 */
function addTree(
  doc: DocumentUnderway,
  jsonService: JsonLanguageService,
  basis: IncrementalBasis | undefined,
): () => ReferenceGraph | undefined {
  const { textDocument } = doc;
  // The previous tree is taken over (it is updated in place) when it was built or its build had started. A built
  // tree is updated at once: an edit costs little. A build still under way is finished only when this version's tree
  // is needed (the warm-up's slices, or a feature), so a keystroke that comes while a large document's tree is being
  // built is not held up by the rest of the build (a name completion answers without it: `completion/beforeTree.ts`).
  // It is taken over only while this version is the document's current one: the reparse reads the current text.
  let pending = basis?.previous.treeStarted() ? basis : undefined;
  let tree: DocumentTree | undefined;
  let inherited: ReferenceGraph | undefined;
  const takeOver = (): DocumentTree | undefined => {
    const from = pending;
    pending = undefined;
    if (from === undefined || textDocument.version !== doc.version) return undefined;
    const reused = reparseIncrementally(from.previous.treeForEdit(), from.change, textDocument, doc.slice, jsonService);
    // The declarations (every process, version, replica set, cluster) carry over from the previous version when the
    // edit replaced none of them, as when typing a member's host: a keystroke does not walk the whole document.
    // Only the graph is held, never the previous document (its text), so versions do not pile up in memory.
    if (reused !== undefined && !canDeclare(pathOf(nodeOf(reused.state.tree, reused.fresh)!))) {
      inherited = from.previous.declarationsFrom();
    }
    return reused?.state;
  };
  if (basis?.previous.hasTree()) tree = takeOver();
  let parse: FullParse | undefined;
  const startParse = (): FullParse =>
    (parse ??= startFullParse(textDocument, jsonService, doc.text, doc.validJson, doc.slice));
  const treeForEdit = (): DocumentTree => {
    if (tree === undefined && pending !== undefined) tree = takeOver();
    tree ??= startParse().run();
    return tree!;
  };
  doc.buildTree = (deadline) => {
    if (tree === undefined && pending !== undefined) {
      if (!pending.previous.buildTree(deadline)) return false;
      tree = takeOver();
    }
    tree ??= startParse().run(deadline);
    return tree !== undefined;
  };
  doc.treeWork = () => {
    if (tree !== undefined) return 0;
    if (pending !== undefined) return pending.previous.treeWork();
    return parse === undefined ? textLength(textDocument) : parse.remaining();
  };
  doc.treeStarted = () => tree !== undefined || parse !== undefined;
  lazy(doc, 'json', () => jsonDocumentOf(treeForEdit(), jsonService));
  Object.defineProperty(doc, 'root', {
    enumerable: true,
    get: () => {
      const { tree: compact } = treeForEdit();
      return nodeOf(compact, compact.root);
    },
  });
  doc.treeForEdit = treeForEdit;
  doc.hasTree = () => tree !== undefined;
  return () => inherited;
}

/**
 * The value's parts of `doc` (`validJson`, `readParsed`, `value`, `semantic`…). JSON.parse runs only when the value is
 * first needed (diagnostics), not on every keystroke, and its result is not kept: core's diagnostics are, and a 17 MB
 * document's value would hold on to about 100 MB more.
 */
function addValue(doc: DocumentUnderway): void {
  let validJson: boolean | undefined;
  const parseText = (): unknown => {
    const text = doc.text;
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  };
  const freshValue = (): unknown => {
    try {
      const value = parseText();
      validJson = true;
      return value;
    } catch {
      validJson = false;
      return nodeValue(doc.root);
    }
  };
  // Whether the text is valid JSON, without keeping the value (the tree asks before its full parse).
  lazy(doc, 'validJson', () => {
    if (validJson === undefined) doc.readParsed(() => undefined);
    return validJson === true;
  });
  doc.readParsed = (read) => {
    if (validJson === false) return undefined;
    let value: unknown;
    try {
      value = parseText();
    } catch {
      validJson = false;
      return undefined;
    }
    validJson = true;
    return read(value);
  };
  lazy(doc, 'value', freshValue);
  let semantic: readonly CoreDiagnostic[] | undefined;
  let names: ValueNames | undefined;
  // A large valid text's names, read from its value once its diagnostics are out: a step per top-level item in the
  // warm-up's slices (`namesWork`), or all at once for a keystroke that needs them first. The steps hold the value.
  let pending: Generator<void, ValueNames, void> | undefined;
  const step = (): boolean => {
    const next = pending!.next();
    if (next.done !== true) return false;
    names = next.value;
    pending = undefined;
    return true;
  };
  doc.valueNames = () => {
    if (doc.hasTree()) {
      names = undefined;
      pending = undefined;
      releaseEdit.get(doc)?.();
    }
    while (pending !== undefined && !step()) {}
    return names;
  };
  doc.namesWork = function* () {
    while (pending !== undefined && !doc.hasTree() && !step()) yield;
  };
  let valueKeys: number | undefined;
  const computeSemantic = (countKeys: boolean, readNames = false): readonly CoreDiagnostic[] => {
    if (semantic === undefined) {
      const value = freshValue();
      semantic = validateAutomationConfig(value);
      if (countKeys && validJson === true) valueKeys = keysOf(value);
      // While the value is at hand (it is not kept beyond its names): the names a keystroke before the tree ranks.
      if (readNames && validJson === true && !doc.hasTree() && textLength(doc.textDocument) >= NAMES_FROM_LENGTH) {
        pending = namesInSteps(value);
      }
    }
    return semantic;
  };
  Object.defineProperty(doc, 'semantic', { enumerable: true, get: () => computeSemantic(false) });
  doc.semanticCountingKeys = () => ({ diagnostics: computeSemantic(true), valueKeys });
  doc.semanticForTyping = (countKeys) => ({ diagnostics: computeSemantic(countKeys, true), valueKeys });
}

/**
 * How many keys `value` holds: every object's own keys, at every level. Containers only are visited, with a stack of
 * their own (a document nested thousands deep is valid JSON).
 */
function keysOf(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const container = stack.pop();
    if (container === null || typeof container !== 'object') continue;
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const item: unknown = container[i];
        if (item !== null && typeof item === 'object') stack.push(item);
      }
      continue;
    }
    const object = container as Record<string, unknown>;
    for (const key in object) {
      count++;
      const item = object[key];
      if (item !== null && typeof item === 'object') stack.push(item);
    }
  }
  return count;
}

/**
 * The tree's answer to `locate`: the node at the path (or the deepest on the way), with its key. The language
 * server's tree is its own (`tree/`), read by slot; every other caller's goes through `locatePaths`.
 */
function locateInTree(root: ASTNode | undefined, path: JsonPath): LocatedNode {
  const node = nodeAtPath(root, path);
  if (node === undefined) return { type: 'scalar', offset: 0, length: 0 };
  return locatedNode(node, propertyHolding(node)?.keyNode);
}

/**
 * Whether a reparsed container at `path` can hold or add a declaration: the root, a declaring section
 * (`processes`…) or one of its items, whose `name`/`alias`/`_id` fields declare. Deeper containers cannot.
 */
function canDeclare(path: JsonPath): boolean {
  return path.length < 3 && (path.length === 0 || DECLARING_SECTIONS.has(String(path[0])));
}
