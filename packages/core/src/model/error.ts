/**
 * The error body and the closed set of error codes dbkit uses.
 *
 * The spec does not show the error body format; dbkit uses the real service's (docs/decisions/core-model.md, "Error
 * bodies are the real service's"): a compact object `{detail, error, errorCode, parameters, reason}`. The codes,
 * HTTP statuses and detail templates below are the real service's documented ones, except those with
 * `source: 'dbkit'`, for rules the real service's table does not name.
 */

/** What one error code means: its HTTP status, the status's reason phrase, the detail template and its parameters. */
export type ErrorCodeDefinition = {
  /** HTTP status code sent with the error. */
  readonly status: number;
  /** HTTP reason phrase of `status`. */
  readonly reason: string;
  /** The detail text; each `<name>` placeholder is replaced by the parameter of the same position. */
  readonly detail: string;
  /** The names of the placeholders in `detail`, in order; `parameters` in the body carries their values. */
  readonly parameters: readonly string[];
  /** Where the code comes from: the real service's documented table, or dbkit (for a rule the table lacks). */
  readonly source: 'service' | 'dbkit';
};

/**
 * The error codes dbkit sends, each with its HTTP status, reason phrase and detail template.
 * @example
 * ErrorCode.GROUP_NOT_FOUND.status; // 404
 */
export const ErrorCode = {
  // 400 Bad Request
  INVALID_JSON: {
    status: 400,
    reason: 'Bad Request',
    detail: 'Received JSON does not match expected format.',
    parameters: [],
    source: 'service',
  },
  INVALID_JSON_ATTRIBUTE: {
    status: 400,
    reason: 'Bad Request',
    detail: 'Received JSON for the <attribute> attribute does not match expected format.',
    parameters: ['attribute'],
    source: 'service',
  },
  INVALID_ATTRIBUTE: {
    status: 400,
    reason: 'Bad Request',
    detail: 'Invalid attribute <attribute> specified.',
    parameters: ['attribute'],
    source: 'service',
  },
  MISSING_ATTRIBUTE: {
    status: 400,
    reason: 'Bad Request',
    detail: 'The required attribute <attribute> was not specified.',
    parameters: ['attribute'],
    source: 'service',
  },
  MISSING_ONE_OF_ATTRIBUTES: {
    status: 400,
    reason: 'Bad Request',
    detail: 'Either the <attribute> attribute or the <attribute> attribute must be specified.',
    parameters: ['attribute', 'attribute'],
    source: 'service',
  },
  ATTRIBUTE_READ_ONLY: {
    status: 400,
    reason: 'Bad Request',
    detail: 'The attribute <attribute> is read-only and cannot be changed by the user.',
    parameters: ['attribute'],
    source: 'service',
  },
  INVALID_QUERY_PARAMETER: {
    status: 400,
    reason: 'Bad Request',
    detail: 'Invalid query parameter <parameter> specified.',
    parameters: ['parameter'],
    source: 'service',
  },
  MISSING_QUERY_PARAMETER: {
    status: 400,
    reason: 'Bad Request',
    detail: 'The required query parameter <parameter> was not specified.',
    parameters: ['parameter'],
    source: 'service',
  },
  SNAPSHOT_INVALID_FIELDS: {
    status: 400,
    reason: 'Bad Request',
    detail: 'Snapshot <ID> cannot be modified because of invalid fields: <fields>.',
    parameters: ['ID', 'fields'],
    source: 'dbkit',
  },
  // 401 Unauthorized
  NOT_IN_GROUP: {
    status: 401,
    reason: 'Unauthorized',
    detail: 'The current user is not in the group, or the group does not exist.',
    parameters: [],
    source: 'service',
  },
  USER_UNAUTHORIZED: {
    status: 401,
    reason: 'Unauthorized',
    detail: 'Current user is not authorized to perform this action.',
    parameters: [],
    source: 'service',
  },
  // 403 Forbidden
  CANNOT_DELETE_FROM_CLUSTER_SNAPSHOT: {
    status: 403,
    reason: 'Forbidden',
    detail: 'Cannot individually delete a snapshot that is part of a cluster snapshot.',
    parameters: [],
    source: 'service',
  },
  IP_ADDRESS_NOT_ON_ACCESS_LIST: {
    status: 403,
    reason: 'Forbidden',
    detail: 'IP address <address> is not allowed to access this resource.',
    parameters: ['address'],
    source: 'service',
  },
  // 404 Not Found
  GROUP_NOT_FOUND: {
    status: 404,
    reason: 'Not Found',
    detail: 'No group with ID <ID> exists.',
    parameters: ['ID'],
    source: 'service',
  },
  INVALID_GROUP_ID: {
    status: 404,
    reason: 'Not Found',
    detail: 'An invalid group ID <ID> was specified.',
    parameters: ['ID'],
    source: 'service',
  },
  GROUP_NAME_NOT_FOUND: {
    status: 404,
    reason: 'Not Found',
    detail: 'No group with name <name> exists.',
    parameters: ['name'],
    source: 'service',
  },
  CLUSTER_NOT_FOUND: {
    status: 404,
    reason: 'Not Found',
    detail: 'No cluster with ID <ID> exists in group <group>.',
    parameters: ['ID', 'group'],
    source: 'service',
  },
  INVALID_CLUSTER_ID: {
    status: 404,
    reason: 'Not Found',
    detail: 'An invalid cluster ID <ID> was specified.',
    parameters: ['ID'],
    source: 'service',
  },
  SNAPSHOT_NOT_FOUND: {
    status: 404,
    reason: 'Not Found',
    detail: 'No snapshot with ID <ID> exists for cluster <cluster>.',
    parameters: ['ID', 'cluster'],
    source: 'service',
  },
  INVALID_SNAPSHOT_ID: {
    status: 404,
    reason: 'Not Found',
    detail: 'An invalid snapshot ID <ID> was specified.',
    parameters: ['ID'],
    source: 'service',
  },
  CONFIG_SNAPSHOT_NOT_FOUND: {
    status: 404,
    reason: 'Not Found',
    detail: 'No snapshot with ID <ID> exists for config server <config server>.',
    parameters: ['ID', 'config server'],
    source: 'service',
  },
  NOT_CONFIG_SERVER: {
    status: 404,
    reason: 'Not Found',
    detail: 'Host <host> is not an SCCC config server.',
    parameters: ['host'],
    source: 'service',
  },
  RESOURCE_NOT_FOUND: {
    status: 404,
    reason: 'Not Found',
    detail: 'Cannot find resource <resource>.',
    parameters: ['resource'],
    source: 'service',
  },
  // 409 Conflict
  SNAPSHOT_EXPIRY_PASSED: {
    status: 409,
    reason: 'Conflict',
    detail: 'The expiry of snapshot <ID> passed at <expires> and cannot be edited.',
    parameters: ['ID', 'expires'],
    source: 'dbkit',
  },
  LINK_EXPIRATION_AFTER_SNAPSHOT_DELETION: {
    status: 409,
    reason: 'Conflict',
    detail: 'Cannot set HTTP link expiration time after snapshot deletion time.',
    parameters: [],
    source: 'service',
  },
  AUTOMATION_CONFIG_CONCURRENT_MODIFICATION: {
    status: 409,
    reason: 'Conflict',
    detail: 'Another session or user already published changes.',
    parameters: [],
    source: 'service',
  },
  // 429 Too Many Requests
  RATE_LIMITED: {
    status: 429,
    reason: 'Too Many Requests',
    detail: 'Resource <resource> is limited to <number> requests every <number> minutes.',
    parameters: ['resource', 'number', 'number'],
    source: 'service',
  },
  // 413 Content Too Large
  REQUEST_BODY_TOO_LARGE: {
    status: 413,
    reason: 'Payload Too Large',
    detail: 'The request body is larger than the limit of <limit> bytes.',
    parameters: ['limit'],
    source: 'dbkit',
  },
  // 400, for a PUT of the automation config that dbkit's validator rejects (the service's own check is not shown).
  AUTOMATION_CONFIG_INVALID: {
    status: 400,
    reason: 'Bad Request',
    detail: 'The automation configuration has <count> errors; the first is at <path>: <message>',
    parameters: ['count', 'path', 'message'],
    source: 'dbkit',
  },
  // 400, for a PUT of the automation config whose transition from the stored revision is unsafe (planTransition).
  AUTOMATION_CONFIG_UNSAFE_TRANSITION: {
    status: 400,
    reason: 'Bad Request',
    detail: 'Going from version <from> to this configuration is unsafe (<count> errors); the first: <message>',
    parameters: ['from', 'count', 'message'],
    source: 'dbkit',
  },
  // 500 Internal Server Error
  UNEXPECTED_ERROR: {
    status: 500,
    reason: 'Internal Server Error',
    detail: 'Unexpected error.',
    parameters: [],
    source: 'service',
  },
} as const satisfies Record<string, ErrorCodeDefinition>;

/** One of the error codes dbkit sends (see {@link ErrorCode}). */
export type ErrorCode = keyof typeof ErrorCode;

/** Tells whether a value is one of the error codes dbkit sends. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ErrorCode, value);
}

/** The body of every error response. */
export type ApiErrorBody = {
  /** A human-readable description of the error: the code's detail template with the parameters filled in. */
  readonly detail: string;
  /**
   * The HTTP status code.
   * @TJS-type integer
   * @minimum 400
   * @maximum 599
   */
  readonly error: number;
  /** A stable, upper-snake-case name of the error. */
  readonly errorCode: ErrorCode;
  /**
   * The values filled into the detail template, in order; `null` or absent when there are none (the real 401 body
   * for a Digest challenge has no `parameters`).
   */
  readonly parameters?: readonly (string | number)[] | null;
  /** The HTTP reason phrase of `error`. */
  readonly reason: string;
};

/**
 * Not in the spec: the body of a 400 `AUTOMATION_CONFIG_INVALID` or `AUTOMATION_CONFIG_UNSAFE_TRANSITION` answer to a
 * PUT of the automation configuration. The error body, plus every diagnostic dbkit's validator (or transition plan)
 * reports (errors and warnings), with the codes and JSON paths an editor shows for the same document.
 */
export type AutomationConfigErrorBody = ApiErrorBody & {
  readonly diagnostics: readonly {
    readonly code: string;
    readonly severity: 'error' | 'warning' | 'info';
    /** The JSON path, e.g. `processes[2].authSchemaVersion`. */
    readonly path: string;
    readonly message: string;
    /** For a transition diagnostic (`AUTOMATION_CONFIG_UNSAFE_TRANSITION`): the stored (`from`) or sent (`to`) document. */
    readonly document?: 'from' | 'to';
  }[];
};
