/** The corpus root: `<clone>/../shared/corpus`. */
export declare const CORPUS_ROOT: string;
/** True when the run must not skip the corpus: `CI=true` (set by CI and by `.ci/run`). */
export declare const corpusRequired: boolean;

/** One folder of the corpus, as found on this machine. */
export interface Corpus {
  /** Where the test looked. */
  readonly dir: string;
  /** The documents found, relative to `dir`, sorted; empty when the folder is missing. */
  readonly files: readonly string[];
  /** One line saying where the test looked and that nothing was there; `undefined` when documents were found. */
  readonly missing: string | undefined;
  /** Reads one of `files` as UTF-8. */
  read(file: string): string;
}

/**
 * The documents of one corpus folder with the given extensions (default `.json`), found recursively.
 * `DBKIT_CORPUS_DIR` replaces the folder of real automation configs.
 */
export declare function findCorpus(
  folder: 'real-automation-configs' | 'real-api-responses',
  extensions?: readonly string[],
): Corpus;

/** The part of vitest's `it` that {@link registerMissingCorpus} uses. */
export interface TestRegistrar {
  (name: string, fn: () => void): void;
  skip(name: string, fn: () => void): void;
}

/**
 * When the corpus is missing, registers one test that says where it looked: a failing one under CI, a skipped one
 * elsewhere. Returns true when it did (the caller then registers nothing else).
 */
export declare function registerMissingCorpus(test: TestRegistrar, corpus: Corpus): boolean;

/** One recorded HTTP response. */
export interface RecordedResponse {
  readonly status: number;
  readonly reason: string;
  /** Header lines in recorded order, names as recorded. */
  readonly headers: readonly (readonly [string, string])[];
  /** The first header of that name, case-insensitively. */
  get(name: string): string | undefined;
  /** The body as recorded (trimmed); empty when the recording has none. */
  readonly body: string;
}

/** The responses of a `.http` recording: status line, headers, blank line, body; several may follow each other. */
export declare function parseHttpResponses(text: string): readonly RecordedResponse[];

/** One request and its response from `curl -v` output (`> ` request lines, `< ` response lines). */
export interface CurlExchange {
  readonly requestLine: string;
  requestHeader(name: string): string | undefined;
  readonly response: RecordedResponse;
}

/** The exchanges of a `curl -v` log, in order. */
export declare function parseCurlVerbose(text: string): readonly CurlExchange[];
