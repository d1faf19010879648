/** The `--help` texts of the API commands. */
import type { ApiResource } from './args.js';

const CONNECTION = `Connection (every API command):
      --base-url <url>       the service, e.g. http://127.0.0.1:8080 (or DBKIT_BASE_URL)
      --public-key <key>     the API key's public part (or DBKIT_PUBLIC_KEY)
      --private-key <key>    the private part (or DBKIT_PRIVATE_KEY; prefer the variable: flags show in ps).
                             Never printed, in no output and no error.
      --verbose              every request on stderr: method, path, status, milliseconds (no credentials)
  -h, --help

Exit codes:
  0  done
  1  the service refused (4xx/5xx): one line, in its words, with what to do (HTTP status, errorCode)
  2  bad usage, a missing key or URL, no service at the address, an unreadable file
`;

const LIST = `      --json                 the items as one JSON array (for scripts) instead of a table
      --page-size <n>        items per request, 1 to 500 (default 100); every page is read
`;

const ONE = `      --json                 the object as the service returns it, instead of its fields
`;

export const API_HELP: Readonly<Record<ApiResource, string>> = {
  alerts: `Usage:
  dbkit alerts list GROUP [--status TRACKING|OPEN|CLOSED]   the alerts of a project (all pages)
  dbkit alerts get GROUP ALERT                              one alert (what its self link answers)
  dbkit alerts ack GROUP ALERT --until ISO-TIME [--comment TEXT]
                                                            acknowledge it until then (a past time ends it)
  dbkit alerts ack GROUP ALERT --clear                      take the acknowledgement away

Options:
      --status <status>      list: only TRACKING, OPEN or CLOSED alerts
      --until <time>         ack: an ISO 8601 time (2026-12-01T09:00:00Z) or a date
      --comment <text>       ack: why (the service keeps it with the acknowledgement)
      --clear                ack: un-acknowledge
${LIST}${ONE}
${CONNECTION}`,
  snapshots: `Usage:
  dbkit snapshots list GROUP CLUSTER [--completed true|false|all]   the snapshots of a cluster (all pages)
  dbkit snapshots get GROUP CLUSTER SNAPSHOT                         one snapshot
  dbkit snapshots set-expiry GROUP CLUSTER SNAPSHOT ISO-TIME         a new expiry (at or before now: deleted soon)
  dbkit snapshots keep GROUP CLUSTER SNAPSHOT [--no]                 doNotDelete true (removes the expiry);
                                                                     --no sets it false again

Tables show id, created, complete, doNotDelete, expires and size (the data size of all parts).

Options:
      --completed <filter>   list: true (default, the service's), false or all
${LIST}${ONE}
${CONNECTION}`,
  'config-server-snapshots': `Usage:
  dbkit config-server-snapshots list GROUP HOST             the (deprecated) config-server snapshots of a host
  dbkit config-server-snapshots get GROUP HOST SNAPSHOT     one of them

Options:
${LIST}${ONE}
${CONNECTION}`,
  config: `Usage:
  dbkit config pull GROUP [--out FILE]        the stored automation config, byte for byte (stdout without --out)
  dbkit config push GROUP FILE [--force] [--allow-unsafe] [--wait [--timeout 10m]]
                                              validate FILE, publish it, and with --wait wait until applied

push validates FILE exactly as dbkit validate does (same findings and code frames, secrets masked) and sends
nothing when it has errors, unless --force (the service then answers with its own diagnostics). It sends FILE with
"version" one above the version FILE was pulled at ("version 12 → 13") and writes that version into FILE; when
someone published in between, the service refuses (409) and push says so: pull again and reapply your change.
The service also plans the step from the stored version to FILE (as dbkit plan does) and refuses an unsafe one
(two voting members at once, a skipped upgrade step…); push prints the plan's errors, each placed in FILE or in
the stored version, and --allow-unsafe publishes it anyway.

Options:
  -o, --out <file>           pull: write the document to this file
      --force                push: send FILE even when it has errors
      --allow-unsafe         push: publish FILE even when the step from the stored version is unsafe
      --color, --no-color    push: colour in code frames (default: on for a terminal)
      --wait                 push: then wait until every process has reached the pushed version, showing
                             "processes at goal / total" and the current moves; exit 0 at the goal, 1 when a
                             process's agent reports an error (shown), 2 when --timeout passes
      --timeout <duration>   push --wait: how long, e.g. 90s, 10m, 1h (default 10m)

${CONNECTION}`,
  status: `Usage: dbkit status GROUP [--json]

Where each process's automation agent is: the goal version (the stored config's), the version each process has
reached, the moves it has left, and the error of a process whose agent is stuck.

Options:
${ONE}
${CONNECTION}`,
};
