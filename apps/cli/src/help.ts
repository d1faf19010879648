/** The `--help` texts. */

export const MAIN_HELP = `dbkit: checks automation configurations against every rule of @dbkit/core (the JSON Schema too
with --json-schema), and calls the service's REST interface.

Usage:
  dbkit validate <file|folder|glob|->... [options]   validate automation configs
  dbkit plan OLD NEW [options]                       what replacing the deployed OLD with NEW does, and what is
                                                     unsafe about it
  dbkit schema [--out <folder>]                      write the JSON Schemas and catalog.json
  dbkit explain [CODE]                               what a diagnostic code means, why, a wrong and a right
                                                     example, how to fix it (offline); without CODE, every code

  dbkit alerts list GROUP [--status S]               the alerts of a project
  dbkit snapshots list|get|set-expiry|keep ...       the snapshots of a cluster; keep or expire one
  dbkit config-server-snapshots list|get ...         the config-server snapshots of a host
  dbkit config pull GROUP [--out FILE]               the stored automation config
  dbkit config push GROUP FILE [--force]             validate FILE, then publish it as the next version

  dbkit --help | --version

API commands read the service's URL and key from --base-url, --public-key, --private-key or DBKIT_BASE_URL,
DBKIT_PUBLIC_KEY, DBKIT_PRIVATE_KEY; tables on a terminal, --json for scripts.
Run dbkit <command> --help for the options (e.g. dbkit snapshots --help).
`;

export const VALIDATE_HELP = `Usage: dbkit validate <file|folder|glob|->... [options]

Inputs:
  file.json        always validated
  folder           every *.json below it (not node_modules, not dot-folders) that is an automation config:
                   named like the catalog's patterns (*.automation.json) or with "processes" and "dbVersions";
                   other JSON files are skipped (a note in text output)
  'glob/**/*.json' expanded by dbkit (quote it); every match is validated
  -                stdin, printed as <stdin>

Options:
  -f, --format <text|json|sarif>  text (default): file:line:col severity CODE message, a code frame, a summary
                                  json: one JSON array, one finding per line
                                  sarif: SARIF 2.1.0 for GitHub code scanning
      --max-warnings <n>          exit 1 when there are more than n warnings
  -q, --quiet                     errors only
      --color, --no-color         force colour on or off (default: on for a terminal; NO_COLOR, FORCE_COLOR honoured)
  -j, --jobs <n>                  threads that check files: the main one and n-1 workers (default: 1 on up to
                                  2 cores; with more, one per core but one, for large inputs only; 1 = no workers)
      --json-schema               also check against @dbkit/schema's JSON Schema (Ajv) and report what it finds
                                  that core's rules do not (nothing, while the two agree); slower
  -h, --help

Exit codes:
  0  no errors (and no more warnings than --max-warnings)
  1  errors found, or more warnings than --max-warnings
  2  bad usage, a missing or unreadable input, or a file that is not valid JSON (comments and trailing commas
     included); the reason is one line on stderr
`;

export const PLAN_HELP = `Usage: dbkit plan OLD NEW [options]

Plans the transition from the deployed automation config OLD to the new revision NEW, like terraform plan:
what the agent will do, grouped by area, and the transition diagnostics (DBK6xx) where a step is unsafe or
impossible (a lower version, two voting members at once, a TLS mode skipped, a key replaced without newKey, …).
OLD or NEW (not both) may be - for stdin. Both must be plain JSON; secret values are never printed.

  + add      - remove      ~ change, restart, reconfig, upgrade, downgrade      -/+ rename (remove and add)
  ! one-shot action (restart, resync, compaction, key rotation)

Options:
  -f, --format <text|json|sarif>  text (default): the changes by area, each area's diagnostics as
                                  file:line:col severity CODE message with a code frame from the file it points
                                  into, then Plan: N to add, N to change, N to remove; N errors, N warnings.
                                  json: the plan object, with file, line and column added to every path
                                  sarif: the diagnostics as SARIF 2.1.0, like dbkit validate --format sarif
      --color, --no-color         force colour on or off (default: on for a terminal; NO_COLOR, FORCE_COLOR honoured)
  -h, --help

Exit codes:
  0  the plan has no error (warnings allowed)
  1  the plan has errors: the transition is unsafe or impossible as one revision
  2  bad usage, a missing or unreadable file, or a file that is not valid JSON or not an object; the reason is
     one line on stderr (file:line:col for a syntax error)
`;

export const SCHEMA_HELP = `Usage: dbkit schema [--out <folder>]

Without --out, prints the automation-config JSON Schema to stdout.
With --out, writes every schema of @dbkit/schema (*.schema.json) and catalog.json into the folder (created if
needed; existing files of the same names are replaced).
`;

export const EXPLAIN_HELP = `Usage: dbkit explain [CODE] [options]

Prints the reference entry of a diagnostic code (DBK202, dbk604): what it means, why it is a rule, a wrong and
a right example, how to fix it, its severity and related codes. Offline: the entries ship with dbkit. Without
CODE, lists every code with its severity and rule.

Options:
      --color, --no-color         force colour on or off (default: on for a terminal; NO_COLOR, FORCE_COLOR honoured)
  -h, --help

Exit codes:
  0  printed
  2  bad usage, or a code dbkit does not report (one line on stderr)
`;
