/**
 * What the first keystroke after opening (or after a pause) would otherwise pay for, built while the user reads the
 * diagnostics: the line index, the tree, the reference graph and the facts completion ranks names by. The server
 * runs it once diagnostics are published; a 17 MB document's first completion then costs what the tenth does.
 *
 * With a feature context it also answers one completion at the first member's host and drops the answer: ranking
 * thousands of names runs compiled code from the first keystroke on, not the interpreter (it halves the first two
 * keystrokes' CPU; docs/decisions/language-server.md, "Warm up while the user reads, in slices"). Once per
 * process it then types into a throwaway document of its own (`warmEditPath`), so that the code of a keystroke (the
 * text model's edit, the tree's incremental update and the offset moves, completion at the edit) is compiled before
 * the user's first one.
 */
import { NEVER_CANCELLED } from './cancellation.js';
import { type ParsedDocument, parseDocument, type ServedDocument } from './document.js';
import type { FeatureContext } from './featureContext.js';
import { forgetNamesBeforeTree } from './features/completion/beforeTree.js';
import { referenceFactsWork, warmReferenceFacts } from './features/completion/references.js';
import { getCompletion } from './features/completion.js';
import { getHover } from './features/hover.js';
import { nodeAtPath } from './jsonAst.js';
import { TextModel } from './textModel.js';

const FIRST_MEMBER_HOST = ['replicaSets', 0, 'members', 0, 'host'];

/** What the first keystroke needs, built at once (the sample of `warmEditPath`); see `scheduleWarmUp`. */
export function warmUp(doc: ParsedDocument, context?: FeatureContext): void {
  void doc.textDocument.lineCount;
  void doc.references;
  warmReferenceFacts(doc);
  if (context !== undefined) rehearseCompletion(doc, context);
}

/** How a host runs the warm-up's steps: its own event loop, and what it knows of the document's versions. */
export interface WarmUpSchedule {
  /** Runs `task` on a later turn of the event loop (a keystroke that comes meanwhile is answered first). */
  readonly schedule: (task: () => void) => void;
  /** Whether `doc` is still the document's current version: each step for an older one is skipped. */
  readonly isCurrent: () => boolean;
  /** A step of its own right after the warm-up, for work that reads what it built (the tree's keys given twice). */
  readonly afterWarmUp?: (doc: ServedDocument) => void;
  /**
   * Whether the warm-up also answers one completion and, once per process, types into a sample of its own (`warmUp`),
   * so that the code of a keystroke is compiled before the user's first; default true.
   */
  readonly rehearse?: boolean;
}

/** How long one step of the warm-up runs before a request that came meanwhile (a keystroke) is answered. */
export const WARM_UP_SLICE_MS = 8;

/**
 * Once a version's diagnostics are out: the warm-up as a run of short steps, each in a task of its own and skipped
 * when a newer version came meanwhile, so a keystroke typed at once waits for one step, not for all of them. In
 * order: the names of the value the diagnostics kept (read once they are out, in slices), their ranking facts, the line index,
 * the tree (built `WARM_UP_SLICE_MS` at a time; a version typed meanwhile takes the build over when it needs its
 * tree), its arrays cut down, letting go of those names, the reference graph, the facts completion ranks names by,
 * one rehearsed completion, `afterWarmUp`, what navigation reads, and once per process the keystroke path typed into
 * a sample (`warmEditPath`). The LSP server and the playground's worker pass their own scheduling (through
 * `service.scheduleWarmUp`, which passes the service's context); the steps and their order are the same in both.
 *
 * @example
 * service.scheduleWarmUp(doc, {
 *   schedule: (task) => setTimeout(task, 0),
 *   isCurrent: () => documents.get(doc.uri)?.version === doc.version,
 * });
 */
export function scheduleWarmUp(
  doc: ParsedDocument,
  context: FeatureContext | undefined,
  { schedule, isCurrent, afterWarmUp, rehearse = true }: WarmUpSchedule,
): void {
  const rehearsal = rehearse ? context : undefined;
  // The tree's build starts now, on a few thousand characters: a keystroke before the first step then finishes it on
  // this version's text, known to be valid, rather than checking and parsing the new text from scratch.
  if (doc.validJson) doc.buildTree(0);
  // Each step says whether it is done; a step that is not runs again in the next task.
  const steps: (() => boolean)[] = [
    // The names of the value the diagnostics kept (`valueNames`), read once they are out.
    sliced(() => doc.namesWork()),
    sliced(() => {
      const names = doc.valueNames();
      return names === undefined ? [].values() : referenceFactsWork(names);
    }),
    () => done(doc.textDocument.lineCount),
    () => doc.buildTree(performance.now() + WARM_UP_SLICE_MS),
    // The arrays the build sized ahead, cut down to what the tree holds (a request waiting for the tree does not).
    () => done(doc.treeForEdit().tree.fit()),
    () => done(forgetNamesBeforeTree(doc)),
    () => done(doc.references),
    sliced(() => referenceFactsWork(doc)),
    () => done(rehearsal && rehearseCompletion(doc, rehearsal)),
    () => done(afterWarmUp?.(doc)),
    () => doc.references.collectReferences(performance.now() + WARM_UP_SLICE_MS) && done(warmNavigation(doc)),
  ];
  if (rehearsal !== undefined) steps.push(editPathSteps(rehearsal));
  let next = 0;
  const step = (): void =>
    schedule(() => {
      if (!isCurrent()) return;
      if (steps[next]!()) next++;
      if (next < steps.length) step();
    });
  step();
}

/** A step that runs `work` a `WARM_UP_SLICE_MS` slice at a time, until it is done. */
function sliced(work: () => Iterator<void>): () => boolean {
  let steps: Iterator<void> | undefined;
  return () => {
    steps ??= work();
    const deadline = performance.now() + WARM_UP_SLICE_MS;
    do {
      if (steps.next().done === true) return true;
    } while (performance.now() < deadline);
    return false;
  };
}

/** A step that is done once it has run. */
function done(_ran: unknown): true {
  return true;
}

/**
 * One completion at the first member's host, answer dropped: ranking thousands of names runs compiled code from the
 * first keystroke on, not the interpreter (it halves the first two keystrokes' CPU; docs/decisions/language-server.md,
 * "Warm up while the user reads, in slices").
 */
function rehearseCompletion(doc: ParsedDocument, context: FeatureContext): void {
  const host = nodeAtPath(doc.root, FIRST_MEMBER_HOST);
  if (host?.type === 'string' && host.parent?.type === 'property') {
    const at = host.offset + 1;
    void getCompletion(doc, doc.textDocument.positionAt(at), at, context, NEVER_CANCELLED);
  }
}

/**
 * What hover, definition and rename read, built after `warmUp` in a task of its own (a keystroke that comes meanwhile
 * is answered first, and needs none of it): every reference, kept up to date across edits from then on
 * (`references/graph.ts`), and the declarations sorted by offset.
 */
export function warmNavigation(doc: ParsedDocument): void {
  void doc.references.references;
  void doc.references.declarationsByOffset;
}

/** Processes (and three-member replica sets) in the throwaway document: enough for loops to be compiled. */
const SAMPLE_PROCESSES = 300;
/** Keystrokes typed into it. */
const SAMPLE_KEYSTROKES = 24;

/** The sample typed into, a step at a time; one per process, shared by every warm-up until it is done. */
interface EditPath {
  /** Runs the next step (the sample parsed and warmed, then one keystroke); whether every step has run. */
  step(): boolean;
}
let editPath: EditPath | undefined;

/**
 * Types into a throwaway document of `SAMPLE_PROCESSES` processes, as a user types into a member's host, each
 * keystroke followed by a completion: the keystroke path runs compiled from the user's first keystroke on. (Cold,
 * the first keystroke after opening costs about twice the tenth: the edit, the incremental update and completion
 * each run for the first time.) Runs once per process, all at once here; `scheduleWarmUp` runs it a keystroke per
 * task.
 */
export function warmEditPath(context: FeatureContext): void {
  const path = editPathOf(context);
  while (!path.step()) {}
}

function editPathOf(context: FeatureContext): EditPath {
  editPath ??= createEditPath(context);
  return editPath;
}

/** `warmEditPath`'s steps: a task each, so a keystroke of the user's waits for one of them at most. */
function editPathSteps(context: FeatureContext): () => boolean {
  const path = editPathOf(context);
  return () => path.step();
}

function createEditPath(context: FeatureContext): EditPath {
  let prepared: { readonly model: TextModel; readonly doc: ParsedDocument } | undefined;
  let sample: { readonly model: TextModel; doc: ParsedDocument; readonly hostOffset: number } | undefined;
  let typed = 0;
  let finished = false;
  return {
    step() {
      if (finished) return true;
      // The sample parsed, then its references and facts: a step each (cold, each is compiled as it runs).
      if (prepared === undefined) {
        const model = new TextModel('dbkit-warm-up:sample.automation.json', 'json', 1, sampleConfig(SAMPLE_PROCESSES));
        const doc = parseDocument(model, context.json);
        void doc.json;
        prepared = { model, doc };
        return false;
      }
      if (sample === undefined) {
        const { model, doc } = prepared;
        warmUp(doc);
        const host = nodeAtPath(doc.root, FIRST_MEMBER_HOST);
        if (host?.type !== 'string') finished = true;
        else sample = { model, doc, hostOffset: host.offset };
        return finished;
      }
      const { model } = sample;
      const at = sample.hostOffset + 1 + typed;
      model.edit({ start: at, end: at, text: 'x' }, model.version + 1);
      const doc = parseDocument(model, context.json, {
        previous: sample.doc,
        change: { start: at, end: at, newLength: 1 },
      });
      sample.doc = doc;
      void getCompletion(doc, model.positionAt(at + 1), at + 1, context, NEVER_CANCELLED);
      // A hover after each keystroke brings the kept references up to date (`references/graph.ts`), as the user's
      // first hover after typing does.
      void getHover(doc, model.positionAt(at), at, context, NEVER_CANCELLED);
      typed++;
      if (typed === SAMPLE_KEYSTROKES) {
        finished = true;
        sample = undefined;
        prepared = undefined;
      }
      return finished;
    },
  };
}

/** A valid automation config of `count` processes in replica sets of three, written as editors write JSON. */
export function sampleConfig(count: number): string {
  const processes = [];
  const replicaSets = [];
  for (let i = 0; i < count; i++) {
    const set = `rs-${Math.floor(i / 3)}`;
    processes.push({
      name: `sample-${i}`,
      hostname: `sample-${i}.example.net`,
      processType: 'dbd',
      version: '7.0.12',
      featureCompatibilityVersion: '7.0',
      authSchemaVersion: 5,
      args2_6: { net: { port: 27017 }, replication: { replSetName: set }, storage: { dbPath: `/data/${i}` } },
    });
    if (i % 3 === 0) replicaSets.push({ _id: set, members: [] as { _id: number; host: string }[] });
    replicaSets[replicaSets.length - 1]!.members.push({ _id: i % 3, host: `sample-${i}` });
  }
  const dbVersions = [
    {
      name: '7.0.12',
      builds: [
        { platform: 'linux', url: 'https://example.net/db-7.0.12.tgz', gitVersion: 'sample', architecture: 'amd64' },
      ],
    },
  ];
  const options = { downloadBase: '/var/lib/db-automation' };
  return JSON.stringify({ version: 1, options, dbVersions, processes, replicaSets }, null, 2);
}
