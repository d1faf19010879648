import { describe, expect, it } from 'vitest';
import { lockKeyName, tarballResolutions, thirdPartyCount } from '../lib/lockfile.mjs';

const names = ['@dbkit/core', '@dbkit/cli'];

describe('tarballResolutions', () => {
  it('passes dbkit packages installed once, from their tarballs', () => {
    const lock = {
      packages: {
        '': { name: 'consumer' },
        'node_modules/@dbkit/core': { version: '0.1.0', resolved: 'file:../tarballs/dbkit-core-0.1.0.tgz' },
        'node_modules/@dbkit/cli': { version: '0.1.0', resolved: 'file:../tarballs/dbkit-cli-0.1.0.tgz' },
        'node_modules/ajv': { version: '8.20.0', resolved: 'https://registry.npmjs.org/ajv/-/ajv-8.20.0.tgz' },
      },
    };
    expect(tarballResolutions(lock, names)).toEqual([]);
    expect(thirdPartyCount(lock, names)).toBe(1);
  });

  it('finds a package from the registry, a second copy, and one not installed (planted)', () => {
    const lock = {
      packages: {
        'node_modules/@dbkit/core': {
          version: '0.0.9',
          resolved: 'https://registry.npmjs.org/@dbkit/core/-/core-0.0.9.tgz',
        },
        'node_modules/@dbkit/other/node_modules/@dbkit/core': { version: '0.0.8' },
      },
    };
    expect(tarballResolutions(lock, names).map(({ name, problem }) => `${name} ${problem}`)).toEqual([
      '@dbkit/core registry',
      '@dbkit/core copy',
      '@dbkit/cli missing',
    ]);
  });
});

describe('lockKeyName', () => {
  it.for([
    ['node_modules/ajv', 'ajv'],
    ['node_modules/@dbkit/cli/node_modules/@dbkit/core', '@dbkit/core'],
  ])('reads %s as %s', ([key, name]) => {
    expect(lockKeyName(key ?? '')).toBe(name);
  });
});
