/**
 * processes[].args2_6: the options core's types declare (the sections net, storage, replication, sharding and
 * systemLog, the port, the TLS mode, the cluster role, the log destination…), checked against args26Shapes.ts;
 * every other server option passes unchecked. And processes[].cpuAffinity's items, which a shape cannot state.
 *
 * This runs on every process of large documents, so a process whose options are right costs a few property reads
 * (quickShape.ts) and no allocation; paths are built only for a process with something to report.
 */

import { args26Options, type OptionsSection } from '../args26Shapes.js';
import type { Collector } from '../context.js';
import { type JsonPath, pathTo } from '../diagnostic.js';
import { checkShapeAt } from '../shape.js';
import { isObject, type JsonObject, jsonTypeOf } from '../util.js';
import { conformsTo, type QuickShape, quickShape } from './quickShape.js';

/** The quick shape of a section, its sub-sections' folded in (read once, in one walk). */
function quickSection(section: OptionsSection): QuickShape {
  const inner: { [field: string]: QuickShape } = {};
  for (const [name, sub] of Object.entries(section.sections ?? {})) inner[name] = quickSection(sub);
  return quickShape(section.shape, inner);
}

const ARGS26 = quickSection(args26Options);

export function checkProcessOptions(c: Collector, doc: JsonObject): void {
  if (Array.isArray(doc.processes)) checkEachProcessOptions(c, doc.processes);
}

/** The loop alone in its function (see rules/processes.ts). */
function checkEachProcessOptions(c: Collector, processes: readonly unknown[]): void {
  for (let i = 0; i < processes.length; i++) {
    const p = processes[i];
    // A process that is not an object, or whose args2_6 is not one, is reported by the process shape.
    if (!isObject(p)) continue;
    const args = p.args2_6;
    if (isObject(args) && !conformsTo(args, ARGS26)) reportSection(c, args, ['processes', i], 'args2_6', args26Options);
    const affinity = p.cpuAffinity;
    if (Array.isArray(affinity)) checkCpuAffinity(c, affinity, i);
  }
}

/** The section at `parent[key]` checked with its shape, then its sub-sections: the reporting path. */
function reportSection(c: Collector, value: JsonObject, parent: JsonPath, key: string, section: OptionsSection): void {
  checkShapeAt(c, value, parent, key, section.shape);
  const sections = section.sections;
  if (sections === undefined) return;
  const path = pathTo(parent, key);
  for (const name in sections) {
    const sub = value[name];
    if (isObject(sub)) reportSection(c, sub, path, name, sections[name] as OptionsSection);
  }
}

/** cpuAffinity: the CPU cores the process is bound to, numbers (the types' `number[]`). */
function checkCpuAffinity(c: Collector, affinity: readonly unknown[], i: number): void {
  for (let k = 0; k < affinity.length; k++) {
    const core = affinity[k];
    if (typeof core === 'number' && Number.isFinite(core)) continue;
    c.report(
      'DBK102',
      ['processes', i, 'cpuAffinity', k],
      `Each item of "cpuAffinity" is the number of a CPU core the process is bound to, but this one is ${describe(core)}. Write the core's number, e.g. 2.`,
    );
  }
}

function describe(value: unknown): string {
  const type = jsonTypeOf(value);
  return type === 'null'
    ? 'null'
    : type === 'integer'
      ? 'a number'
      : /^[aeiou]/.test(type)
        ? `an ${type}`
        : `a ${type}`;
}
