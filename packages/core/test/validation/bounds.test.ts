/**
 * The registry of every numeric bound validation applies, with where it comes from (docs/decisions/validation.md,
 * "Bounds only where the spec or a cited source states them"). A bound is an error only when the spec or a cited
 * source (`domain.md` §N [citation]) states it; any other is dbkit's advice, a warning (DBK314). Each table below
 * must equal what the code holds: a bound added to a shape without its row here fails the first test.
 */
import { describe, expect, it } from 'vitest';
import * as args26Shapes from '../../src/validation/args26Shapes.js';
import { Collector } from '../../src/validation/context.js';
import type { JsonPath } from '../../src/validation/diagnostic.js';
import * as securityShapes from '../../src/validation/securityShapes.js';
import { type BoundSource, type Bounds, checkShape, type Shape } from '../../src/validation/shape.js';
import * as shapes from '../../src/validation/shapes.js';
import { validateAutomationConfig } from '../../src/validation/validate.js';
import { type Edit, makeDoc } from './harness.js';

/** Where a bound the service requires is stated (`spec: …`, `domain.md §N […]`); `advice: <because>` otherwise. */
type Source = BoundSource | `advice: ${string}`;

/** One field's bounds: `<exported shape>.<field>`, its bounds, and where they come from. */
type ShapeBound = readonly [field: string, bounds: Bounds, source: Source];

/** The bounds of the shapes (`shapes.ts`, `securityShapes.ts`, `args26Shapes.ts`), in declaration order. */
const SHAPE_BOUNDS: readonly ShapeBound[] = [
  ['configShape.version', { min: 0 }, 'advice: revisions count up from 0, the revision of an empty project'],
  [
    'logRotateShape.sizeThresholdMB',
    { above: 0 },
    'advice: a log file of 0 MB or less would rotate before anything is written to it',
  ],
  [
    'logRotateShape.timeThresholdHrs',
    { above: 0 },
    'advice: a log file 0 hours old or less would rotate before anything is written to it',
  ],
  ['logRotateShape.numUncompressed', { min: 1 }, 'advice: the count includes the current log file'],
  ['logRotateShape.maxUncompressed', { min: 1 }, 'advice: the count includes the current log file'],
  ['logRotateShape.percentOfDiskspace', { min: 0, max: 100 }, 'advice: it is a percentage of the disk'],
  ['logRotateShape.numTotal', { min: 0 }, 'advice: it counts log files (0 lets the other settings decide)'],
  ['processShape.numCores', { min: 0 }, 'advice: it counts cores (0 binds none)'],
  ['writeConcernShape.wtimeout', { min: 0 }, 'advice: it is a time limit in milliseconds'],
  [
    'memberShape._id',
    { min: 0 },
    'spec: replicaSets[n], members[m]._id "any positive integer"; 0 too, as real documents number members from 0 (domain.md §3)',
  ],
  ['memberShape.secondaryDelaySecs', { min: 0 }, 'advice: it is a delay in seconds'],
  ['memberShape.slaveDelay', { min: 0 }, 'advice: it is a delay in seconds'],
  ['collationShape.strength', { min: 1, max: 5 }, 'domain.md §8 [DOC source/reference/collation.txt]'],
  ['preAndPostImagesShape.expireAfterSeconds', { min: 0 }, 'advice: it is a retention time in seconds'],
  ['ldapShape.timeoutMS', { min: 0 }, 'advice: it is a wait in milliseconds'],
  ['ldapShape.userCacheInvalidationPeriod', { min: 0 }, 'advice: it is an interval in seconds'],
  ['ldapShape.userCacheInvalidationInterval', { min: 0 }, 'advice: it is an interval in seconds'],
];

/**
 * Bounds the rules check in code (`rules/`), each with a place in the valid base document to probe: the value at
 * each bound passes, a value just outside reports `code` as an error.
 */
const RULE_BOUNDS: readonly (readonly [
  rule: string,
  bounds: Bounds,
  source: Source,
  probe: { readonly path: JsonPath; readonly code: string },
])[] = [
  [
    'replicaSets.ts: priority of a data-bearing member',
    { min: 0, max: 1000 },
    'spec: Limits, replica set member priority (and replicaSets[n], members[m].priority)',
    { path: ['replicaSets', 1, 'members', 0, 'priority'], code: 'DBK301' },
  ],
  [
    'replicaSets.ts: priority of an arbiter (0 or 1)',
    { min: 0, max: 1 },
    'spec: Limits, replica set member priority (and replicaSets[n], members[m].priority)',
    { path: ['replicaSets', 1, 'members', 2, 'priority'], code: 'DBK301' },
  ],
  [
    'replicaSets.ts: votes of a data-bearing member (0 or 1)',
    { min: 0, max: 1 },
    'spec: Limits, member votes (and replicaSets[n], members[m].votes)',
    { path: ['replicaSets', 1, 'members', 0, 'votes'], code: 'DBK302' },
  ],
  [
    'replicaSets.ts: votes of an arbiter (always 1)',
    { min: 1, max: 1 },
    'spec: Limits, member votes (and replicaSets[n], members[m].votes)',
    { path: ['replicaSets', 1, 'members', 2, 'votes'], code: 'DBK302' },
  ],
  [
    'processes.ts: defaultWriteConcern.w as a count',
    { min: 0 },
    'domain.md §2 [DOC processes.rst; GC DefaultWriteConcern]',
    { path: ['processes', 1, 'defaultRWConcern', 'defaultWriteConcern', 'w'], code: 'DBK104' },
  ],
];

function isShape(value: unknown): value is Shape {
  return typeof value === 'object' && value !== null && 'label' in value && 'fields' in value;
}

/** Every bound the shapes declare, as rows of the registry. */
function declaredShapeBounds(): ShapeBound[] {
  const rows: ShapeBound[] = [];
  for (const module of [shapes, securityShapes, args26Shapes]) {
    for (const [name, shape] of Object.entries(module)) {
      if (!isShape(shape)) continue;
      for (const [field, spec] of Object.entries(shape.fields)) {
        if (spec.range) {
          const { source, ...bounds } = spec.range;
          rows.push([`${name}.${field}`, bounds, source]);
        }
        if (spec.advised) {
          const { because, ...bounds } = spec.advised;
          rows.push([`${name}.${field}`, bounds, `advice: ${because}`]);
        }
      }
    }
  }
  return rows;
}

/** For each bound, a value on it (passes) and the nearest value outside it (reported). */
function edges({ min, max, above }: Bounds): { readonly inside: number[]; readonly outside: number[] } {
  const pairs: (readonly [inside: number, outside: number])[] = [];
  if (min !== undefined) pairs.push([min, min - 1]);
  if (above !== undefined) pairs.push([above + 1, above]);
  if (max !== undefined) pairs.push([max, max + 1]);
  return { inside: pairs.map(([inside]) => inside), outside: pairs.map(([, outside]) => outside) };
}

const STATED = /^(spec: \S.*|domain\.md §\d+ \[[^\]]+\])$/;

describe('the registry of numeric bounds', () => {
  it('lists every bound the shapes declare, with its source', () => {
    expect(declaredShapeBounds()).toEqual(SHAPE_BOUNDS);
  });

  const sources: readonly (readonly [string, Source])[] = [
    ...SHAPE_BOUNDS.map(([field, , source]) => [field, source] as const),
    ...RULE_BOUNDS.map(([rule, , source]) => [rule, source] as const),
  ];
  it.for(sources)('%s: an error bound names the spec or a cited source, anything else is advice', ([, source]) => {
    expect(source).toMatch(source.startsWith('advice: ') ? /^advice: \S/ : STATED);
  });
});

describe.for(SHAPE_BOUNDS)('%s', ([field, bounds, source]) => {
  const [shapeName, name] = field.split('.') as [string, string];
  const shape = { ...shapes, ...securityShapes, ...args26Shapes }[shapeName as keyof typeof shapes] as Shape;
  const advice = source.startsWith('advice: ');
  const reported = (value: number) => {
    const c = new Collector(undefined);
    checkShape(c, { [name]: value }, ['x'], shape);
    // DBK507 (a deprecated field) is no bound's business.
    return c.diagnostics.filter((d) => d.path[1] === name && (d.code === 'DBK104' || d.code === 'DBK314'));
  };

  it('accepts the values on its bounds', () => {
    for (const value of edges(bounds).inside) expect(reported(value), String(value)).toEqual([]);
  });

  it(advice ? 'warns as advice just outside them' : 'is an error just outside them', () => {
    for (const value of edges(bounds).outside) {
      const [diagnostic, ...rest] = reported(value);
      expect(rest).toEqual([]);
      expect([diagnostic?.code, diagnostic?.severity]).toEqual(advice ? ['DBK314', 'warning'] : ['DBK104', 'error']);
      if (advice) {
        expect(diagnostic?.message).toContain(`dbkit advises`);
        expect(diagnostic?.message).toContain(source.slice('advice: '.length));
        expect(diagnostic?.message).toContain('The service does not require it');
      }
    }
  });
});

describe.for(RULE_BOUNDS)('%s', ([, bounds, , { path, code }]) => {
  const reported = (value: number) =>
    validateAutomationConfig(makeDoc([['set', path, value] as Edit])).filter(
      (d) => d.code === code && JSON.stringify(d.path) === JSON.stringify(path),
    );

  it('accepts the values on its bounds', () => {
    for (const value of edges(bounds).inside) expect(reported(value), String(value)).toEqual([]);
  });

  it('is an error just outside them', () => {
    for (const value of edges(bounds).outside) {
      expect(
        reported(value).map((d) => d.severity),
        String(value),
      ).toEqual(['error']);
    }
  });
});
