import { describe, expect, it } from 'vitest';
import { detectKind } from '../src/worker/kind.ts';

describe('document kind', () => {
  it.for([
    { fileName: 'replica-set.automation.json', text: '{}', kind: 'automation-config' },
    { fileName: 'automation-config.json', text: '{}', kind: 'automation-config' },
    { fileName: 'alert-list.json', text: '{}', kind: 'alert-list' },
    { fileName: 'prod.alert.json', text: '{}', kind: 'alert' },
    { fileName: 'cluster-snapshot-list-page.json', text: '{}', kind: 'cluster-snapshot-list' },
    { fileName: 'cluster-snapshot.json', text: '{}', kind: 'cluster-snapshot' },
    { fileName: 'config-server-snapshot.json', text: '{}', kind: 'config-server-snapshot' },
    { fileName: 'error-body.json', text: '{}', kind: 'error' },
    { fileName: 'patch.snapshot-patch.json', text: '{}', kind: 'snapshot-patch' },
    { fileName: 'anything.json', text: '{}', kind: 'automation-config' },
    {
      fileName: 'anything.json',
      text: '{ "$schema": "https://dbkit.dev/schema/v1.0/alert.schema.json" }',
      kind: 'alert',
    },
    {
      fileName: 'alert.json',
      text: '{ "$schema": "./automation-config.schema.json" }',
      kind: 'automation-config',
    },
  ])('$fileName is $kind', ({ fileName, text, kind }) => {
    expect(detectKind(fileName, text)).toBe(kind);
  });
});
