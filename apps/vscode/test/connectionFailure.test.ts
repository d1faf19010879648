// A failed call of a connection as the extension shows it (`src/lib/connectionFailure.ts`): the line a person reads,
// with its button where editing the connection fixes it, and the same line in words where no button can be shown.
import { DbkitApiError, DbkitTransportError, describeFailure } from '@dbkit/client';
import { apiError } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import {
  type ConnectionFailure,
  connectionFailure,
  EDIT_CONNECTION,
  failureText,
  noPrivateKey,
} from '../src/lib/connectionFailure.ts';
import { connectionOf } from '../src/lib/connections.ts';

const connection = connectionOf('http://127.0.0.1:8080', '5e2211c17a3e5a48f5497de3', 'FDBKXBWW');
const REQUEST = `GET http://127.0.0.1:8080/api/public/v1.0/groups/${connection.groupId}/automationConfig`;
const DESKTOP = { web: false } as const;

const failureOf = (error: unknown) => {
  const failure = describeFailure(error, connection.baseUrl, { groupId: connection.groupId });
  if (failure === undefined) throw new Error('not a client error');
  return failure;
};
const refused = (status: number, body: unknown) => failureOf(new DbkitApiError(status, body, REQUEST));
const network = (code: string) =>
  failureOf(
    new DbkitTransportError(`network failure (${code})`, 'network', REQUEST, {
      cause: Object.assign(new TypeError('fetch failed'), { cause: { code } }),
    }),
  );

/** The real service's 401 to a wrong key pair. */
const WRONG_KEY = {
  error: 401,
  reason: 'Unauthorized',
  detail: 'You are not authorized for this resource.',
  errorCode: 'UNEXPECTED_ERROR',
};

describe('a connection’s failure, with the button that fixes it', () => {
  const cases: readonly { name: string; failure: ReturnType<typeof failureOf>; shown: ConnectionFailure }[] = [
    {
      name: 'a wrong key pair',
      failure: refused(401, WRONG_KEY),
      shown: {
        message: `dbkit: The service rejected the key pair for project ${connection.groupId}. Check the public and private key.`,
        action: EDIT_CONNECTION,
      },
    },
    {
      name: 'a key of another project',
      failure: refused(401, apiError('NOT_IN_GROUP', [])),
      shown: {
        message: `dbkit: The service refused the key pair for project ${connection.groupId}: The current user is not in the group, or the group does not exist. Check the project id, and use a key pair of that project.`,
        action: EDIT_CONNECTION,
      },
    },
    {
      name: 'no service at the address',
      failure: network('ECONNREFUSED'),
      shown: {
        message:
          'dbkit: Cannot reach the service at http://127.0.0.1:8080: the connection was refused. Start the service (npm run serve) or correct its address.',
        action: EDIT_CONNECTION,
      },
    },
    {
      name: 'something else at the address',
      failure: failureOf(new SyntaxError('Unexpected token <')),
      shown: {
        message:
          "dbkit: The answer from http://127.0.0.1:8080 is not the service's: it is not JSON. Check that the address is the service's, without /api/public/v1.0.",
        action: EDIT_CONNECTION,
      },
    },
    {
      name: 'a refusal the connection cannot fix: no button',
      failure: refused(404, apiError('CLUSTER_NOT_FOUND', ['c1', connection.groupId])),
      shown: {
        message: `dbkit: The service could not find it: No cluster with ID c1 exists in group ${connection.groupId}.`,
      },
    },
    {
      name: 'a failure of the service: what to do, no button',
      failure: refused(500, apiError('UNEXPECTED_ERROR', [])),
      shown: {
        message:
          "dbkit: The service failed: Unexpected error. Try again; if it fails again, the service's log says why.",
      },
    },
    {
      name: 'no answer in time',
      failure: failureOf(new DbkitTransportError('no answer within 30000 ms', 'timeout', REQUEST)),
      shown: {
        message: 'dbkit: The service at http://127.0.0.1:8080 did not answer in time. It may be overloaded: try again.',
      },
    },
  ];

  it.for(cases)('$name', ({ failure, shown }) => {
    expect(connectionFailure(failure, DESKTOP)).toEqual(shown);
  });

  it.for(cases)('$name: one dbkit prefix, sentences with one full stop, no code', ({ failure }) => {
    const { message } = connectionFailure(failure, DESKTOP);
    expect(message).toMatch(/^dbkit: [A-Z].*[^.]\.$/s);
    expect(message.match(/dbkit:/g)).toHaveLength(1);
    expect(message).not.toMatch(/\.\.|\b[A-Z]+_[A-Z_]+\b|HTTP \d/);
  });

  it('in VS Code for the Web, no service at the address also names the origin to allow', () => {
    expect(connectionFailure(network('ECONNREFUSED'), { web: true, origin: 'https://vscode.dev' })).toEqual({
      message:
        'dbkit: Cannot reach the service at http://127.0.0.1:8080: the connection was refused. In VS Code for the Web the browser also needs the service to allow this page: start it with --cors https://vscode.dev.',
      action: EDIT_CONNECTION,
    });
  });

  it('a private key not given: the button to give it', () => {
    expect(noPrivateKey(connection)).toEqual({
      message: `dbkit: The private key of ${connection.label} was not given, so its service was not asked.`,
      action: EDIT_CONNECTION,
    });
  });
});

describe('the same failure where no button can be shown', () => {
  it.for([
    [
      {
        message: 'dbkit: The service rejected the key pair. Check the public and private key.',
        action: EDIT_CONNECTION,
      },
      'dbkit: The service rejected the key pair. Check the public and private key. Edit the connection with the pencil beside it in the dbkit view.',
    ],
    [{ message: 'dbkit: The request was cancelled.' }, 'dbkit: The request was cancelled.'],
  ] as const)('%j', ([shown, text]) => {
    expect(failureText(shown)).toBe(text);
  });
});
