/** What the commands need from the process, passed in so they stay testable. */
import type { SarifTool } from './output/sarif.js';

export interface OutputStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

export interface Io {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly readStdin: () => Promise<string>;
  readonly cwd: string;
  readonly env: { readonly [name: string]: string | undefined };
  /** Name, version and home of the CLI, for --version and SARIF. */
  readonly tool: SarifTool;
}
