/**
 * The OpenAPI document: valid OpenAPI 3.1, committed and up to date, served by the service, and naming every route
 * the service answers.
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiText } from '../src/openapi.js';
import { type Running, start } from './helpers.js';

const committed = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');

let service: Running;
beforeAll(async () => {
  service = await start();
});
afterAll(() => service.close());

describe('openapi.json', () => {
  it('is what the generator writes today (run `pnpm --filter @dbkit/server gen` after changing routes or the model)', () => {
    expect(committed).toBe(openApiText());
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(committed) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is served at /openapi.json without credentials', async () => {
    const response = await fetch(`${service.url}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe(committed);
  });

  it('names every route the service answers under /api/public/v1.0, with its method [spec:base-path] [spec:version-path]', () => {
    const paths = (JSON.parse(committed) as { paths: Record<string, Record<string, unknown>> }).paths;
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replaceAll(/\{[A-Z-]+\}/g, ':id')}`),
    );
    const served = service.server.routes
      .filter((route) => route.includes(' /api/public/v1.0/'))
      .map((route) => route.replace('/api/public/v1.0', '').replaceAll(/:[A-Za-z]+/g, ':id'));
    expect(served.sort()).toEqual(documented.sort());
  });
});
