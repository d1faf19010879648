/**
 * The quick check (rules/quickShape.ts) lets an object skip `checkShape` when it answers true, so it must never
 * answer true where `checkShape` would report. For the shapes it serves, it answers exactly as `checkShape` does:
 * every field of each shape, given each kind of value, one at a time and two at a time.
 */
import { describe, expect, it } from 'vitest';
import {
  args26Shape,
  netOptionsShape,
  netTlsShape,
  replicationOptionsShape,
  shardingOptionsShape,
  storageOptionsShape,
  systemLogShape,
} from '../../src/validation/args26Shapes.js';
import { Collector } from '../../src/validation/context.js';
import { conformsTo, quickShape } from '../../src/validation/rules/quickShape.js';
import { scramCredentialsShape } from '../../src/validation/securityShapes.js';
import { checkShape, type Shape } from '../../src/validation/shape.js';

const VALUES: readonly unknown[] = [
  undefined,
  null,
  true,
  0,
  27017,
  1.5,
  '',
  'x',
  'file',
  'configsvr',
  'requireTLS',
  [],
  ['x'],
  {},
  { mode: 'x' },
];

/** Each shape, with a right object that has every field. */
const SHAPES: readonly (readonly [string, Shape, Record<string, unknown>])[] = [
  ['args2_6', args26Shape, { net: {}, storage: {}, replication: {}, sharding: {}, systemLog: {} }],
  ['net', netOptionsShape, { port: 27017, bindIp: '0.0.0.0', tls: {}, ssl: {} }],
  ['net.tls', netTlsShape, { mode: 'requireTLS' }],
  ['storage', storageOptionsShape, { dbPath: '/data' }],
  ['replication', replicationOptionsShape, { replSetName: 'rs0' }],
  ['sharding', shardingOptionsShape, { clusterRole: 'configsvr' }],
  ['systemLog', systemLogShape, { destination: 'file', path: '/var/log/db.log' }],
  ['SCRAM credentials', scramCredentialsShape, { iterationCount: 15000, salt: 's', serverKey: 'k', storedKey: 'k' }],
];

/** `object` with `name` set to `value`, or without it for undefined (JSON has no undefined). */
function withField(object: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const copy = { ...object, [name]: value };
  if (value === undefined) delete copy[name];
  return copy;
}

function agrees(shape: Shape, object: Record<string, unknown>): void {
  const c = new Collector(undefined);
  checkShape(c, object, [], shape);
  expect(conformsTo(object, quickShape(shape)), JSON.stringify(object)).toBe(c.diagnostics.length === 0);
}

describe.for(SHAPES)('%s', ([, shape, base]) => {
  const names = [...Object.keys(shape.fields), 'unknownOption'];

  it('a right object conforms', () => {
    agrees(shape, base);
    expect(conformsTo(base, quickShape(shape))).toBe(true);
  });

  it('one field at a time, every kind of value', () => {
    for (const name of names) {
      for (const value of VALUES) agrees(shape, withField(base, name, value));
    }
  });

  it('two fields at a time', () => {
    for (const first of names) {
      for (const second of names) {
        for (const a of VALUES) {
          for (const b of [undefined, null, 'x', 1, {}]) agrees(shape, withField(withField(base, first, a), second, b));
        }
      }
    }
  });
});
