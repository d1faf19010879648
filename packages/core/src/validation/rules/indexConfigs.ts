import type { Collector } from '../context.js';
import type { ReferenceIndex } from '../model.js';
import { checkShape, forEachItem } from '../shape.js';
import { collationShape, indexConfigShape } from '../shapes.js';
import { isObject, type JsonObject } from '../util.js';
import { checkReference, References } from './references.js';

/** indexConfigs[]: shapes, keys, the replica set, collation conditions. */
export function checkIndexConfigs(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  forEachItem(doc.indexConfigs, ['indexConfigs'], (item, path) => {
    const index = checkShape(c, item, path, indexConfigShape);
    if (!index) return;
    if (typeof index.rsName === 'string') {
      checkReference(c, refs, index.rsName, path, 'rsName', References.indexReplicaSet);
    }
    if (Array.isArray(index.key)) {
      if (index.key.length === 0) {
        c.report('DBK101', [...path, 'key'], '"key" is empty: an index needs at least one key. Add ["<field>", 1].');
      }
      forEachItem(index.key, [...path, 'key'], (entry, entryPath) => {
        const ok =
          Array.isArray(entry) &&
          entry.length === 2 &&
          typeof entry[0] === 'string' &&
          (typeof entry[1] === 'string' || typeof entry[1] === 'number');
        if (!ok) {
          c.report(
            'DBK102',
            entryPath,
            'Each index key is a two-element array: the field name and the index type, e.g. ["lastName", 1] or ["location", "2dsphere"]. Rewrite this key that way.',
          );
        }
      });
    }
    if (!isObject(index.collation)) return;
    const collationPath = [...path, 'collation'];
    const collation = checkShape(c, index.collation, collationPath, collationShape);
    if (!collation) return;
    if (collation.locale === 'simple') {
      const others = Object.keys(collation).filter((key) => key !== 'locale');
      if (others.length > 0) {
        c.report(
          'DBK313',
          [...collationPath, 'locale'],
          `With "locale": "simple" (binary comparison) no other collation field applies, and older servers reject them: remove ${others.map((k) => `"${k}"`).join(', ')}, or choose an ICU locale.`,
        );
      }
      return;
    }
    const strength = typeof collation.strength === 'number' ? collation.strength : 3;
    if (collation.caseLevel === true && strength !== 1 && strength !== 2) {
      c.report(
        'DBK304',
        [...collationPath, 'caseLevel'],
        `"caseLevel" applies only when strength is 1 or 2, and strength is ${strength}${collation.strength === undefined ? ' (the default)' : ''}, so it has no effect. Set "strength" to 1 or 2, or remove "caseLevel".`,
      );
    }
    if (collation.maxVariable !== undefined && collation.maxVariable !== null && collation.alternate !== 'shifted') {
      c.report(
        'DBK305',
        [...collationPath, 'maxVariable'],
        '"maxVariable" applies only when "alternate" is "shifted", so it has no effect here. Set "alternate": "shifted", or remove "maxVariable".',
      );
    }
  });
}
