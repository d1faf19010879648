import { describe, expect, it } from 'vitest';
import { outsideEnv } from '../lib/process.mjs';

describe('outsideEnv', () => {
  // What `npm test` → `npx pnpm run check` puts in the environment, and what a user's npm setup adds.
  const outer = {
    PATH: '/usr/bin',
    HOME: '/root',
    NODE_EXTRA_CA_CERTS: '/etc/ssl/ca.pem',
    NODE: '/usr/bin/node',
    INIT_CWD: '/work/main',
    PNPM_PACKAGE_NAME: 'dbkit',
    pnpm_config_verify_deps_before_run: 'false',
    npm_command: 'exec',
    npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
    npm_lifecycle_event: 'check',
    npm_package_json: '/work/main/package.json',
    npm_package_name: 'dbkit',
    npm_config_local_prefix: '/work/main',
    npm_config_user_agent: 'pnpm/10.34.8',
    npm_config_yes: 'true',
    npm_config_node_gyp: '/usr/lib/node-gyp.js',
    npm_config_nodedir: '/usr',
    npm_config_verify_deps_before_run: 'false',
    npm_config_omit_lockfile_registry_resolved: 'true',
    npm_config_registry: 'https://registry.example.net/',
    'npm_config_@dbkit:registry': 'https://dbkit.example.net/',
    'npm_config_//registry.example.net/:_authToken': 'FAKE-token',
    npm_config_cafile: '/etc/ssl/ca.pem',
    npm_config_https_proxy: 'http://proxy.example.net:3128',
    npm_config_userconfig: '/root/.npmrc',
    npm_config_cache: '/root/.npm',
  };

  it('keeps the registry settings and the rest of the environment', () => {
    expect(Object.keys(outsideEnv(outer)).sort()).toEqual(
      [
        'HOME',
        'NODE_EXTRA_CA_CERTS',
        'PATH',
        'npm_config_//registry.example.net/:_authToken',
        'npm_config_@dbkit:registry',
        'npm_config_cache',
        'npm_config_cafile',
        'npm_config_https_proxy',
        'npm_config_registry',
        'npm_config_userconfig',
      ].sort(),
    );
  });

  it('drops what points npm at the outer run: its project, its command, pnpm settings', () => {
    const env = outsideEnv(outer);
    for (const key of ['INIT_CWD', 'npm_config_local_prefix', 'npm_package_json', 'npm_config_yes', 'NODE']) {
      expect(env, key).not.toHaveProperty([key]);
    }
  });
});
