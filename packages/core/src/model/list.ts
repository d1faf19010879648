/**
 * The list response every list endpoint returns, and its `envelope=true` variant.
 */
import type { Link } from './link.js';

/**
 * One page of a list endpoint's results.
 * @template T The type of one item (a cluster snapshot, a config server snapshot, an alert).
 */
export type ListResponse<T> = {
  /** One object per item on this page. */
  readonly results: readonly T[];
  /** Includes `self`; the self URL carries the effective `pageNum` and `itemsPerPage`. */
  readonly links: readonly Link[];
  /**
   * Count of all items in the result set; may exceed the length of `results` when the set is paginated.
   * @TJS-type integer
   * @minimum 0
   */
  readonly totalCount: number;
};

/**
 * A list response under `envelope=true`: the list response itself with a `status` field added next to `results`,
 * `links` and `totalCount` (the spec: "for list endpoints the service adds a `status` field"; the vendor docs: "the
 * results object is an envelope"). dbkit does not nest the list under `content` (docs/decisions/core-model.md,
 * "The list envelope is flat").
 * @template T The type of one item.
 */
export type ListEnvelope<T> = ListResponse<T> & {
  /**
   * HTTP response code of the request.
   * @TJS-type integer
   * @minimum 100
   * @maximum 599
   */
  readonly status: number;
};

/**
 * A single-result response under `envelope=true`, for clients that cannot read headers or status code.
 * @template T The normal response body.
 */
export type Envelope<T> = {
  /**
   * HTTP response code of the request.
   * @TJS-type integer
   * @minimum 100
   * @maximum 599
   */
  readonly status: number;
  /** The normal body. */
  readonly content: T;
};
