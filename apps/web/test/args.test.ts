import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST, DEFAULT_PORT, parseArgs } from '../server/args.mjs';

describe('dbkit-web arguments', () => {
  it.for([
    { args: [], env: {}, port: DEFAULT_PORT, host: DEFAULT_HOST },
    { args: ['--port', '8080'], env: {}, port: 8080, host: DEFAULT_HOST },
    { args: ['--port=0'], env: {}, port: 0, host: DEFAULT_HOST },
    { args: [], env: { PORT: '9000' }, port: 9000, host: DEFAULT_HOST },
    { args: ['--port', '9001'], env: { PORT: '9000' }, port: 9001, host: DEFAULT_HOST },
    { args: [], env: { PORT: '' }, port: DEFAULT_PORT, host: DEFAULT_HOST },
    { args: ['--host', '0.0.0.0'], env: {}, port: DEFAULT_PORT, host: '0.0.0.0' },
  ])('$args with $env listens on $host:$port', ({ args, env, port, host }) => {
    const result = parseArgs(args, env);
    expect(result).toMatchObject({ ok: true, help: false, options: { port, host } });
  });

  it('reads --dir and --help', () => {
    expect(parseArgs(['--dir', '/srv/site', '--help'], {})).toEqual({
      ok: true,
      help: true,
      options: { port: DEFAULT_PORT, host: DEFAULT_HOST, dir: '/srv/site' },
    });
  });

  it.for([
    { args: ['--bogus'], env: {}, error: /^unknown option --bogus; usage: dbkit-web/ },
    { args: ['serve'], env: {}, error: /^unknown option serve;/ },
    { args: ['--port'], env: {}, error: /^--port needs a value;/ },
    { args: ['--port', 'abc'], env: {}, error: /^--port must be a port number from 0 to 65535, not "abc"$/ },
    { args: ['--port', '70000'], env: {}, error: /^--port must be a port number/ },
    { args: ['--port=-1'], env: {}, error: /^--port must be a port number/ },
    { args: [], env: { PORT: 'http' }, error: /^PORT must be a port number from 0 to 65535, not "http"$/ },
  ])('rejects $args $env with one line', ({ args, env, error }) => {
    const result = parseArgs(args, env);
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.error;
    expect(message).toMatch(error);
    expect(message).not.toContain('\n');
  });
});
