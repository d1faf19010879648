/** The command line: parse, dispatch, and turn every outcome into an exit code. */
import { API_HELP } from './api/help.js';
import { type HelpTopic, parseCommandLine } from './args.js';
import { EXPLAIN_HELP, MAIN_HELP, PLAN_HELP, SCHEMA_HELP, VALIDATE_HELP } from './help.js';
import type { Io } from './io.js';
import { runValidate } from './validateCommand.js';

export async function main(argv: readonly string[], io: Io): Promise<number> {
  const parsed = parseCommandLine(argv);
  if (!parsed.ok) {
    io.stderr.write(`dbkit: ${parsed.error}\n`);
    return 2;
  }
  const command = parsed.value;
  switch (command.command) {
    case 'help':
      io.stdout.write(helpText(command.topic));
      return 0;
    case 'version':
      io.stdout.write(`${io.tool.version}\n`);
      return 0;
    case 'validate':
      return runValidate(command, io);
    // The other commands are loaded when used (their own chunks of the bundle): `validate` compiles less.
    case 'plan':
      return (await import('./planCommand.js')).runPlan(command, io);
    case 'schema':
      return (await import('./schemaCommand.js')).runSchema(command, io);
    case 'explain':
      return (await import('./explainCommand.js')).runExplain(command, io);
    case 'api':
      return (await import('./api/run.js')).runApi(command, io);
    default:
      return command satisfies never;
  }
}

function helpText(topic: HelpTopic | undefined): string {
  if (topic === undefined) return MAIN_HELP;
  if (topic === 'validate') return VALIDATE_HELP;
  if (topic === 'plan') return PLAN_HELP;
  if (topic === 'schema') return SCHEMA_HELP;
  if (topic === 'explain') return EXPLAIN_HELP;
  return API_HELP[topic];
}
