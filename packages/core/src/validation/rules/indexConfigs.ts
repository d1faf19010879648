import type { Collector } from '../context.js';
import type { JsonPath } from '../diagnostic.js';
import type { ReferenceIndex } from '../model.js';
import { checkShape, checkShapeAt } from '../shape.js';
import { collationShape, indexConfigShape } from '../shapes.js';
import { isObject, type JsonObject } from '../util.js';
import { checkReference, References } from './references.js';

/** indexConfigs[]: shapes, keys, the replica set, collation conditions. */
export function checkIndexConfigs(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  const indexes = doc.indexConfigs;
  if (!Array.isArray(indexes)) return;
  for (let i = 0; i < indexes.length; i++) {
    const path: JsonPath = ['indexConfigs', i];
    const index = checkShape(c, indexes[i], path, indexConfigShape);
    if (index) checkIndexConfig(c, index, path, refs);
  }
}

function checkIndexConfig(c: Collector, index: JsonObject, path: JsonPath, refs: ReferenceIndex): void {
  if (typeof index.rsName === 'string') {
    checkReference(c, refs, index.rsName, path, 'rsName', References.indexReplicaSet);
  }
  const keys = index.key;
  if (Array.isArray(keys)) {
    if (keys.length === 0) {
      c.report('DBK101', [...path, 'key'], '"key" is empty: an index needs at least one key. Add ["<field>", 1].');
    }
    for (let k = 0; k < keys.length; k++) {
      const entry: unknown = keys[k];
      const ok =
        Array.isArray(entry) &&
        entry.length === 2 &&
        typeof entry[0] === 'string' &&
        (typeof entry[1] === 'string' || typeof entry[1] === 'number');
      if (!ok) {
        c.report(
          'DBK102',
          [...path, 'key', k],
          'Each index key is a two-element array: the field name and the index type, e.g. ["lastName", 1] or ["location", "2dsphere"]. Rewrite this key that way.',
        );
      }
    }
  }
  if (!isObject(index.collation)) return;
  const collation = checkShapeAt(c, index.collation, path, 'collation', collationShape);
  if (!collation) return;
  if (collation.locale === 'simple') {
    const others = Object.keys(collation).filter((key) => key !== 'locale');
    if (others.length > 0) {
      c.report(
        'DBK313',
        [...path, 'collation', 'locale'],
        `With "locale": "simple" (binary comparison) no other collation field applies, and older servers reject them: remove ${others.map((k) => c.quote(k)).join(', ')}, or choose an ICU locale.`,
      );
    }
    return;
  }
  const strength = typeof collation.strength === 'number' ? collation.strength : 3;
  if (collation.caseLevel === true && strength !== 1 && strength !== 2) {
    c.report(
      'DBK304',
      [...path, 'collation', 'caseLevel'],
      `"caseLevel" applies only when strength is 1 or 2, and strength is ${c.quote(strength)}${collation.strength === undefined ? ' (the default)' : ''}, so it has no effect. Set "strength" to 1 or 2, or remove "caseLevel".`,
    );
  }
  if (collation.maxVariable !== undefined && collation.maxVariable !== null && collation.alternate !== 'shifted') {
    c.report(
      'DBK305',
      [...path, 'collation', 'maxVariable'],
      '"maxVariable" applies only when "alternate" is "shifted", so it has no effect here. Set "alternate": "shifted", or remove "maxVariable".',
    );
  }
}
