import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  NAMESPACE_FILTER_DEFAULTS,
  PAGING_DEFAULTS,
  withAutomationDefaults,
  withLogRotateDefaults,
  withSnapshotDefaults,
} from '../src/defaults.js';
import type { AutomationConfig } from '../src/model/automation/config.js';
import type { ClusterSnapshot } from '../src/model/snapshot.js';

const base = JSON.parse(
  readFileSync(new URL('./validation/fixtures/base.json', import.meta.url), 'utf8'),
) as AutomationConfig;

describe('documented defaults', () => {
  it('fills logRotate numUncompressed 5, percentOfDiskspace 0.02, numTotal 0 and keeps what is set [spec:log-rotate-defaults]', () => {
    expect(withLogRotateDefaults({ sizeThresholdMB: 1000, timeThresholdHrs: 24 })).toEqual({
      sizeThresholdMB: 1000,
      timeThresholdHrs: 24,
      numUncompressed: 5,
      percentOfDiskspace: 0.02,
      numTotal: 0,
    });
    expect(withLogRotateDefaults({ sizeThresholdMB: 1, timeThresholdHrs: 1, numTotal: 9 }).numTotal).toBe(9);
  });

  it('fills process logRotate, ldap userCacheInvalidationPeriod 30, collation booleans and auth flags [spec:log-rotate-defaults] [spec:ldap-user-cache-default] [spec:collation-booleans] [spec:auth-flag-defaults]', () => {
    const withoutPeriod: AutomationConfig = {
      ...base,
      ldap: { servers: 'ldap.example.net:389' },
      auth: { autoUser: 'a' },
    };
    const filled = withAutomationDefaults(withoutPeriod);
    expect(filled.processes[0]?.logRotate).toMatchObject({ numUncompressed: 5, percentOfDiskspace: 0.02, numTotal: 0 });
    expect(filled.processes[1]?.logRotate).toBeUndefined();
    expect(filled.ldap?.userCacheInvalidationPeriod).toBe(30);
    expect(filled.indexConfigs?.[0]?.collation).toMatchObject({
      numericOrdering: false,
      normalization: false,
      backwards: false,
      strength: 2,
    });
    expect(filled.auth).toMatchObject({ disabled: false, authoritativeSet: false, autoUser: 'a' });
  });

  it('leaves "ldap": {} empty (real documents say "no LDAP" that way) and does not modify its input [spec:ldap-user-cache-default]', () => {
    const input: AutomationConfig = { ...base, ldap: {} };
    const before = JSON.stringify(input);
    expect(withAutomationDefaults(input).ldap).toEqual({});
    expect(JSON.stringify(input)).toBe(before);
  });

  it.for([
    [
      'maxUncompressed (the earlier name) set: numUncompressed is not added over it [spec:log-rotate-max-uncompressed]',
      { sizeThresholdMB: 1, timeThresholdHrs: 1, maxUncompressed: 10 },
      { sizeThresholdMB: 1, timeThresholdHrs: 1, maxUncompressed: 10, percentOfDiskspace: 0.02, numTotal: 0 },
    ],
    [
      'null counts as unset and gets the default [spec:log-rotate-defaults]',
      { sizeThresholdMB: 1, timeThresholdHrs: 1, numUncompressed: null },
      { sizeThresholdMB: 1, timeThresholdHrs: 1, numUncompressed: 5, percentOfDiskspace: 0.02, numTotal: 0 },
    ],
  ] as const)('logRotate: %s', ([, input, expected]) => {
    expect(withLogRotateDefaults(input as never)).toEqual(expected);
  });

  it('adds no userCacheInvalidationPeriod where the server name userCacheInvalidationInterval is set [spec:ldap-user-cache-default]', () => {
    const ldap = { servers: 'l:389', userCacheInvalidationInterval: 60 };
    expect(withAutomationDefaults({ ...base, ldap }).ldap).toEqual(ldap);
  });

  it('adds no collation defaults to locale "simple", where no other field applies [spec:collation-simple]', () => {
    const indexConfigs = [{ ...base.indexConfigs![1]!, collation: { locale: 'simple' } }];
    expect(withAutomationDefaults({ ...base, indexConfigs }).indexConfigs?.[0]?.collation).toEqual({
      locale: 'simple',
    });
  });

  it('fills auth.disabled when it is null [spec:auth-flag-defaults]', () => {
    expect(withAutomationDefaults({ ...base, auth: { disabled: null } as never }).auth?.disabled).toBe(false);
  });

  it('fills the logRotate defaults of obsolete agent entries too (percentOfDiskspace .02) [spec:log-rotate-defaults]', () => {
    const entry = {
      name: '7.2',
      hostname: 'mon.example.net',
      logRotate: { sizeThresholdMB: 10, timeThresholdHrs: 24 },
    };
    const filled = withAutomationDefaults({ ...base, monitoringVersions: [entry], backupVersions: [entry] } as never);
    for (const section of [filled.monitoringVersions, filled.backupVersions]) {
      expect(section?.[0]?.logRotate).toEqual({
        sizeThresholdMB: 10,
        timeThresholdHrs: 24,
        numUncompressed: 5,
        percentOfDiskspace: 0.02,
        numTotal: 0,
      });
    }
    expect(entry.logRotate).toEqual({ sizeThresholdMB: 10, timeThresholdHrs: 24 });
  });

  it('fills the namespace filter list of a snapshot: [] and blacklist', () => {
    const snapshot = { id: 's', parts: [] } as unknown as ClusterSnapshot;
    expect(withSnapshotDefaults(snapshot).namespaceFilterList).toEqual({ filterList: [], filterType: 'blacklist' });
    const partial = { ...snapshot, namespaceFilterList: { filterList: ['db.coll'] } } as unknown as ClusterSnapshot;
    expect(withSnapshotDefaults(partial).namespaceFilterList).toEqual({
      filterList: ['db.coll'],
      filterType: 'blacklist',
    });
    expect(NAMESPACE_FILTER_DEFAULTS.filterType).toBe('blacklist');
  });

  it('pages from 1 with 100 items by default', () => {
    expect(PAGING_DEFAULTS).toEqual({ pageNum: 1, itemsPerPage: 100 });
  });
});
