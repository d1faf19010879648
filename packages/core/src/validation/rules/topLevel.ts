import type { Collector } from '../context.js';
import type { JsonPath } from '../diagnostic.js';
import type { ReferenceIndex } from '../model.js';
import { checkShape, forEachItem } from '../shape.js';
import {
  agentVersionEntryShape,
  agentVersionShape,
  buildShape,
  dbVersionShape,
  logRotateShape,
  optionsShape,
} from '../shapes.js';
import { isObject, type JsonObject } from '../util.js';
import { checkUnique } from './references.js';

/** options, agentVersion, the obsolete agent version lists and dbVersions. */
export function checkVersionsAndOptions(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  if (isObject(doc.options)) checkShape(c, doc.options, ['options'], optionsShape);
  if (isObject(doc.agentVersion)) checkShape(c, doc.agentVersion, ['agentVersion'], agentVersionShape);
  for (const section of ['monitoringVersions', 'backupVersions'] as const) checkAgentVersions(c, doc, section);

  forEachItem(doc.dbVersions, ['dbVersions'], (item, path) => {
    const version = checkShape(c, item, path, dbVersionShape);
    forEachItem(version?.builds, [...path, 'builds'], (build, buildPath) =>
      checkShape(c, build, buildPath, buildShape),
    );
  });
  checkUnique(c, doc, refs, 'dbVersions', 'name', 'the dbVersions entry');
}

function checkAgentVersions(c: Collector, doc: JsonObject, section: 'monitoringVersions' | 'backupVersions'): void {
  const list = doc[section];
  // Real documents always carry both lists, empty: only a non-empty one is worth a warning.
  if (!Array.isArray(list) || list.length === 0) return;
  c.report(
    'DBK501',
    [section],
    `"${section}" is obsolete: current agents ignore it. Remove its entries (an empty list is fine) and manage agents through agentVersion.`,
  );
  forEachItem(list, [section], (item, path) => {
    const entry = checkShape(c, item, path, agentVersionEntryShape);
    if (!entry) return;
    if (isObject(entry.urls)) checkUrls(c, entry.urls, [...path, 'urls']);
    if (entry.logRotate !== undefined && entry.logRotate !== null)
      checkLogRotate(c, entry.logRotate, [...path, 'logRotate']);
  });
}

function checkUrls(c: Collector, urls: JsonObject, path: JsonPath): void {
  for (const platform in urls) {
    const builds = urls[platform];
    if (!isObject(builds)) {
      c.report(
        'DBK102',
        [...path, platform],
        `urls.${c.bare(platform)} must be an object mapping build names (and "default") to URLs.`,
      );
      continue;
    }
    if (!Object.hasOwn(builds, 'default')) {
      c.report(
        'DBK306',
        [...path, platform],
        `urls.${c.bare(platform)} has no "default" key: the agent uses it when no build-specific URL matches the host. Add "default": "<download URL>".`,
      );
    }
    for (const build in builds) {
      if (typeof builds[build] !== 'string') {
        c.report('DBK102', [...path, platform, build], `The URL for build ${c.quote(build)} must be a string.`);
      }
    }
  }
}

/** Checks a logRotate object: both thresholds required and positive, counts in range. */
export function checkLogRotate(c: Collector, value: unknown, path: JsonPath): void {
  checkShape(c, value, path, logRotateShape);
}
