/**
 * Pieces every API resource shares: links and timestamps.
 */
import type { EnumDefinition } from '../enums/define.js';

/**
 * A date and time in ISO 8601 format, in UTC (for example `2018-12-01T00:00:00Z`).
 *
 * The spec: "Timestamps are ISO 8601 date and time in UTC." Responses written by dbkit always use the form
 * `YYYY-MM-DDTHH:MM:SSZ` (with `.sss` only when the milliseconds are not zero), the form the real service echoes.
 * @format date-time
 */
export type Timestamp = string;

/**
 * The relation names dbkit writes into `links`. `self` is in every `links` array; list pages add `next` and
 * `previous` when those pages exist. The real service is known to send `self` and `next`; other relations may occur,
 * so {@link Link.rel} stays a string.
 */
export const LinkRelation = {
  self: { description: 'The URL of the resource itself (on a list page: of this page).' },
  next: { description: 'The URL of the next page of a list; present only when more items follow.' },
  previous: { description: 'The URL of the previous page of a list; present only when this is not the first page.' },
} as const satisfies EnumDefinition;

/** One of the relation names dbkit writes (see {@link LinkRelation}). */
export type LinkRelation = keyof typeof LinkRelation;

/** A link to a related resource. Every `links` array in a response contains at least one link whose `rel` is `self`. */
export type Link = {
  /** URL of the linked resource. */
  readonly href: string;
  /** Relation; `self` is the URL of the resource itself. */
  readonly rel: string;
};
