// The length of every hand-written function in the workspace's src/ folders, for the long-function report
// (tools/docs/functions.mjs) and the invariant that keeps functions short (test/functions.test.ts).
import ts from 'typescript';
import { readRepoFile, repoFiles } from './repo.mjs';

/** The longest a function may be, in lines of code (blank and comment-only lines do not count). */
export const FUNCTION_LINE_LIMIT = 80;

/** The longest a source file may be, in lines of code, before it should hold one idea fewer. */
export const FILE_LINE_LIMIT = 400;

const SOURCE = /^(packages|apps)\/[^/]+\/src\/.*\.(ts|tsx|mts|cts)$/;

/**
 * @typedef {{ file: string, name: string, line: number, lines: number }} FunctionLength
 * A function's repository path, its name as a reader finds it (`outer › inner` for a nested one), the line it starts
 * on (1-based) and its length in lines of code, nested functions included: a reader holds the whole closure.
 */

/**
 * Which lines of `text` hold code: not blank and not only a comment.
 * @param {ts.SourceFile} source
 * @returns {boolean[]} indexed by 0-based line
 */
function codeLines(source) {
  const text = source.text;
  const lineCount = source.getLineStarts().length;
  const code = new Array(lineCount).fill(false);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, source.languageVariant, text);
  // For each open brace, whether it is a template's `${`: its `}` resumes the template, which the scanner reads as
  // text only when told to (else a backtick in a later comment would start a template there).
  const braces = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.OpenBraceToken) braces.push(false);
    if (kind === ts.SyntaxKind.TemplateHead) braces.push(true);
    if (kind === ts.SyntaxKind.CloseBraceToken && braces.pop() === true) {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateMiddle) braces.push(true);
    }
    if (
      kind === ts.SyntaxKind.WhitespaceTrivia ||
      kind === ts.SyntaxKind.NewLineTrivia ||
      kind === ts.SyntaxKind.SingleLineCommentTrivia ||
      kind === ts.SyntaxKind.MultiLineCommentTrivia
    ) {
      continue;
    }
    const start = source.getLineAndCharacterOfPosition(scanner.getTokenStart()).line;
    const end = source.getLineAndCharacterOfPosition(scanner.getTokenEnd()).line;
    for (let line = start; line <= end; line++) code[line] = true;
  }
  return code;
}

/**
 * The name a reader would search for: the declaration's own name, or the variable, property or call it is given to.
 * @param {ts.Node} node
 * @returns {string}
 */
function nameOf(node) {
  const named = /** @type {{ name?: ts.Node }} */ (node).name;
  if (named && (ts.isIdentifier(named) || ts.isPrivateIdentifier(named) || ts.isStringLiteral(named))) {
    return ts.isConstructorDeclaration(node) ? 'constructor' : named.text;
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name))) {
    return parent.name.text;
  }
  if (ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression;
    const called = ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : ts.isIdentifier(callee)
        ? callee.text
        : '';
    return called ? `(${called} callback)` : '(callback)';
  }
  return '(anonymous)';
}

/**
 * Every function, method, accessor and arrow function in one file, outermost first.
 * @param {string} file repository-relative path, for the report
 * @param {string} text
 * @returns {FunctionLength[]}
 */
export function functionLengths(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const code = codeLines(source);
  /** @type {FunctionLength[]} */
  const out = [];
  /** @param {ts.Node} node @param {string} outer */
  const visit = (node, outer) => {
    let scope = outer;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      let lines = 0;
      for (let line = start; line <= end; line++) if (code[line]) lines++;
      const name = outer ? `${outer} › ${nameOf(node)}` : nameOf(node);
      out.push({ file, name, line: start + 1, lines });
      scope = name;
    }
    ts.forEachChild(node, (child) => visit(child, scope));
  };
  visit(source, '');
  return out;
}

/**
 * A file's length in lines of code.
 * @param {string} file
 * @param {string} text
 */
export function fileCodeLines(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return codeLines(source).filter(Boolean).length;
}

/** The hand-written TypeScript under every package's and app's `src/` (generated files are not tracked). */
export function sourceFilesForLength() {
  return repoFiles((path) => SOURCE.test(path) && !path.endsWith('.d.ts'));
}

/**
 * Every function in the workspace's src/ folders, longest first.
 * @returns {FunctionLength[]}
 */
export function repoFunctionLengths() {
  return sourceFilesForLength()
    .flatMap((file) => functionLengths(file, readRepoFile(file)))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

/**
 * Every src/ file with its length in lines of code, longest first.
 * @returns {{ file: string, lines: number }[]}
 */
export function repoFileLengths() {
  return sourceFilesForLength()
    .map((file) => ({ file, lines: fileCodeLines(file, readRepoFile(file)) }))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

/**
 * @typedef {{ kind: 'function', file: string, name: string, reason: string }
 *   | { kind: 'file', file: string, reason: string }} LengthExemption
 */

/**
 * The functions and files that may be long, each with its reason: declared tables, whose length is their rows. A
 * listed one that is short now is stale and fails the check, so the list only shrinks with the code.
 * @type {readonly LengthExemption[]}
 */
export const LENGTH_EXEMPTIONS = [
  ...['references', 'security', 'transitions'].map((area) => ({
    kind: /** @type {const} */ ('file'),
    file: `packages/core/src/explain/entries/${area}.ts`,
    reason: "a table of the codes' explanations, one entry per code in the area, each a few lines of prose",
  })),
];

/**
 * @param {LengthExemption} exemption
 * @param {{ file: string, name?: string }} item
 */
const exempts = (exemption, item) =>
  exemption.file === item.file && (exemption.kind === 'file' ? item.name === undefined : exemption.name === item.name);

/**
 * The report over the repository: the lines to print, and the problems `--check` fails on.
 * @param {{ top?: number, functions?: FunctionLength[], files?: { file: string, lines: number }[],
 *   exemptions?: readonly LengthExemption[] }} [options]
 */
export function lengthReport(options = {}) {
  const functions = options.functions ?? repoFunctionLengths();
  const files = options.files ?? repoFileLengths();
  const exemptions = options.exemptions ?? LENGTH_EXEMPTIONS;
  const longFunctions = functions.filter((f) => f.lines > FUNCTION_LINE_LIMIT);
  const longFiles = files.filter((f) => f.lines > FILE_LINE_LIMIT);
  const reasonOf = (/** @type {{ file: string, name?: string }} */ item) =>
    exemptions.find((exemption) => exempts(exemption, item))?.reason;
  const problems = [
    ...longFunctions
      .filter((f) => reasonOf(f) === undefined)
      .map(
        (f) =>
          `${f.file}:${f.line}: ${f.name} is ${f.lines} lines of code, over the limit of ${FUNCTION_LINE_LIMIT}. Split it by what each part does, or list it with its reason in tools/docs/lib/lengths.mjs.`,
      ),
    ...longFiles
      .filter((f) => reasonOf({ file: f.file }) === undefined)
      .map(
        (f) =>
          `${f.file}: ${f.lines} lines of code, over the limit of ${FILE_LINE_LIMIT}. Split it where it holds two ideas, or list it with its reason in tools/docs/lib/lengths.mjs.`,
      ),
    ...exemptions
      .filter((exemption) =>
        exemption.kind === 'file'
          ? !longFiles.some((f) => exempts(exemption, { file: f.file }))
          : !longFunctions.some((f) => exempts(exemption, f)),
      )
      .map(
        (exemption) =>
          `${exemption.file}${exemption.kind === 'function' ? ` ${exemption.name}` : ''} is listed as long but is within the limit now: remove it from LENGTH_EXEMPTIONS in tools/docs/lib/lengths.mjs.`,
      ),
  ];
  const mark = (/** @type {{ file: string, name?: string }} */ item) => {
    const reason = reasonOf(item);
    return reason === undefined ? '' : ` (listed: ${reason})`;
  };
  const shown = options.top ? functions.slice(0, options.top) : longFunctions;
  const text = [
    `Functions in src/ over ${FUNCTION_LINE_LIMIT} lines of code (blank and comment-only lines not counted, nested functions counted): ${longFunctions.length}`,
    ...(options.top ? [`The ${shown.length} longest:`] : []),
    ...shown.map((f) => `  ${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}${mark(f)}`),
    `Files in src/ over ${FILE_LINE_LIMIT} lines of code: ${longFiles.length}`,
    ...longFiles.map((f) => `  ${String(f.lines).padStart(4)}  ${f.file}${mark({ file: f.file })}`),
  ].join('\n');
  return { text, problems };
}
