/**
 * A failed call of a service connection as the extension shows it: the client's sentences after one `dbkit: `, the
 * next step in this editor's words, and the button that fixes it when editing the connection can (a wrong key pair,
 * project or address). Where no button can be shown (a tree node, a file system error), {@link failureText} says
 * where the edit is instead.
 */
import type { ClientFailure } from '@dbkit/client';
import type { ServiceConnection } from './connections.js';

/** The button that runs `dbkit.editConnection` on the connection whose call failed. */
export const EDIT_CONNECTION = 'Edit Service Connection';

/** A failure as a notification shows it. */
export interface ConnectionFailure {
  /** `dbkit: ` and sentences, each ending with one full stop. */
  readonly message: string;
  /** The button that fixes it; absent when editing the connection would not. */
  readonly action?: typeof EDIT_CONNECTION;
}

/** Where the extension runs: VS Code for the Web also needs the service to allow the page's origin (CORS). */
export interface Host {
  readonly web: boolean;
  /** The page's origin, named in `--cors`. */
  readonly origin?: string | undefined;
}

const edit = (message: string): ConnectionFailure => ({ message, action: EDIT_CONNECTION });

/**
 * The client's failure as the extension shows it.
 * @example
 * connectionFailure(describeFailure(error, url, { groupId })!, { web: false });
 * // { message: 'dbkit: The service rejected the key pair for project 5e22…. Check the public and private key.',
 * //   action: 'Edit Service Connection' }
 */
export function connectionFailure(failure: ClientFailure, host: Host): ConnectionFailure {
  const { message, hint } = failure;
  const withHint = hint === undefined ? `dbkit: ${message}` : `dbkit: ${message} ${hint}`;
  switch (failure.kind) {
    case 'unauthorized':
    case 'not-in-project':
    case 'not-json':
      return edit(withHint);
    case 'unreachable':
      return edit(
        host.web
          ? `dbkit: ${message} In VS Code for the Web the browser also needs the service to allow this page: start it with --cors ${host.origin ?? 'the origin of this page'}.`
          : `dbkit: ${message} Start the service (npm run serve) or correct its address.`,
      );
    case 'refused':
    case 'timeout':
    case 'aborted':
      return { message: withHint };
    default:
      return failure.kind satisfies never;
  }
}

/** The private key was asked for and not given: nothing was sent. */
export function noPrivateKey(connection: ServiceConnection): ConnectionFailure {
  return edit(`dbkit: The private key of ${connection.label} was not given, so its service was not asked.`);
}

/**
 * The failure in words alone, for a place without buttons. `dbkit: Edit Service Connection…` is not in the command
 * palette (it needs a connection), so the words point at the pencil beside the connection in the dbkit view.
 */
export function failureText(failure: ConnectionFailure): string {
  return failure.action === undefined
    ? failure.message
    : `${failure.message} Edit the connection with the pencil beside it in the dbkit view.`;
}
