/**
 * The raw HTTP exchanges of the corpus (`../shared/corpus/real-api-responses/*.http`, `*.txt`) against core's
 * functions: the real 401 challenge and body, the real versioning and transport headers, the real error bodies.
 * Where the real service and the spec's wording differ, the test pins the difference that docs/decisions/repository.md explains ("Where the captures and the spec differ, dbkit follows the spec").
 */
import {
  findCorpus,
  parseCurlVerbose,
  parseHttpResponses,
  type RecordedResponse,
  registerMissingCorpus,
} from '@dbkit/corpus';
import { describe, expect, it } from 'vitest';
import { buildDigestChallenge, UNAUTHORIZED_BODY, unauthorizedResponse } from '../../src/api/digest/challenge.js';
import { parseDigestAuthorization } from '../../src/api/digest/parse.js';
import { parseDigestChallenge } from '../../src/api/digest/parseChallenge.js';
import { serializeBody } from '../../src/api/envelope.js';
import { apiError } from '../../src/api/errors.js';
import { byteLength, parseServiceVersionHeader, serviceVersionHeader, successHeaders } from '../../src/api/headers.js';
import { isErrorCode } from '../../src/model/error.js';

const corpus = findCorpus('real-api-responses', ['.http', '.txt']);

/** Every recorded response, named `file#n`. */
const recorded: readonly (readonly [string, RecordedResponse])[] = corpus.files.flatMap((file) => {
  const text = corpus.read(file);
  const responses = file.endsWith('.txt')
    ? parseCurlVerbose(text).map((exchange) => exchange.response)
    : parseHttpResponses(text);
  return responses.map((response, index) => [`${file}#${index + 1}`, response] as const);
});
const withHeader = (name: string) =>
  recorded.flatMap(([where, response]) => {
    const value = response.get(name);
    return value === undefined ? [] : [[where, value, response] as const];
  });

const SPEC_SUCCESS = successHeaders({
  gitHash: '0'.repeat(40),
  versionString: '1.0.0',
  contentLength: 2,
  date: new Date(0),
});

describe('real HTTP exchanges', () => {
  if (registerMissingCorpus(it, corpus)) return;

  it('reads every recording: each .http and .txt file holds at least one response', () => {
    const files = new Set(recorded.map(([where]) => where.split('#')[0]));
    expect([...files].sort()).toEqual([...corpus.files]);
  });

  describe('the 401 Digest challenge', () => {
    const challenges = withHeader('WWW-Authenticate');

    it('is recorded by three clients over nine years (Atlas CLI 2026, curl against Ops Manager 2017 twice)', () => {
      expect(challenges.map(([where]) => where)).toEqual([
        'atlascli-401-digest-challenge.http#1',
        'mrlynn-ops-manager-serverpool-curl-verbose.txt#1',
        'sarjarapu-ops-manager-401-then-200-headers.http#1',
      ]);
    });

    it.for(challenges)('%s: parseDigestChallenge reads it as the real service means it', ([, header, response]) => {
      expect(response.status).toBe(401);
      const parsed = parseDigestChallenge(header);
      expect(parsed.ok && parsed.value).toMatchObject({
        realm: 'MMS Public API',
        domain: '',
        algorithm: 'MD5',
        qop: 'auth',
        qopSpelling: 'qop',
        stale: false,
      });
    });

    it.for(challenges)('%s: buildDigestChallenge writes it byte for byte from realm and nonce', ([, header]) => {
      const parsed = parseDigestChallenge(header);
      if (!parsed.ok) throw new Error(parsed.message);
      expect(buildDigestChallenge({ realm: parsed.value.realm, nonce: parsed.value.nonce })).toBe(header);
    });

    it("differs from the spec's printed wording only where docs/decisions/digest.md says (qop, quoting)", () => {
      const [[, header] = ['', '']] = challenges;
      const parsed = parseDigestChallenge(header);
      if (!parsed.ok) throw new Error(parsed.message);
      const specLiteral = buildDigestChallenge({ realm: 'dbkit', nonce: parsed.value.nonce, style: 'spec-literal' });
      expect(specLiteral).toBe(
        `Digest realm=dbkit, domain="", nonce=${parsed.value.nonce}, algorithm=MD5, op="auth", stale=false`,
      );
      expect(header).toMatch(/, qop="auth", /);
    });

    it("the body is core's UNAUTHORIZED_BODY, byte for byte, with the recorded Content-Length", () => {
      const [, response] = recorded.find(([where]) => where === 'atlascli-401-digest-challenge.http#1') ?? [];
      expect(response?.body).toBe(UNAUTHORIZED_BODY);
      expect(response?.get('Content-Length')).toBe(String(byteLength(UNAUTHORIZED_BODY)));
    });

    it("Ops Manager's 401 content type is the spec's, which unauthorizedResponse sends", () => {
      const expected = unauthorizedResponse({ nonce: 'n', now: 0 }).headers['Content-Type'];
      const omChallenges = challenges.filter(([where]) => !where.startsWith('atlascli'));
      expect(omChallenges.map(([, , response]) => response.get('Content-Type'))).toEqual([expected, expected]);
    });

    it("curl's answer to the real challenge is read by parseDigestAuthorization (quoted algorithm, path as uri)", () => {
      const [, authorized] = parseCurlVerbose(corpus.read('mrlynn-ops-manager-serverpool-curl-verbose.txt'));
      const parsed = parseDigestAuthorization(authorized?.requestHeader('Authorization'));
      expect(parsed.ok && parsed.value).toMatchObject({
        realm: 'MMS Public API',
        nonce: 'e9l9YtNBLdSfGY4b9PRuATCRQ5FCPcbh',
        uri: '/api/public/v1.0/serverPool/servers',
        qop: 'auth',
        nc: '00000001',
        algorithm: 'MD5',
      });
      expect(authorized?.requestLine).toBe('GET /api/public/v1.0/serverPool/servers HTTP/1.1');
      expect(authorized?.response.status).toBe(200);
    });
  });

  describe('versioning and transport headers', () => {
    const versions = withHeader('X-DB-Service-Version');

    it.for(versions)('%s: X-DB-Service-Version parses, and serviceVersionHeader writes it back', ([, value]) => {
      const parsed = parseServiceVersionHeader(value);
      if (!parsed.ok) throw new Error(parsed.message);
      expect(parsed.value.gitHash).toMatch(/^[0-9a-f]{40}$/);
      expect(serviceVersionHeader(parsed.value)).toBe(value);
    });

    it.for(withHeader('Vary'))("%s: Vary is the spec's, as successHeaders sends it", ([, value]) => {
      expect(value).toBe(SPEC_SUCCESS.Vary);
    });

    it("Ops Manager's 200 responses carry successHeaders' Content-Type; Atlas's carry its own versioned media type", () => {
      const ok = recorded.filter(([, response]) => response.status === 200);
      const byService = ok.map(([where, response]) => [where.startsWith('atlascli'), response.get('Content-Type')]);
      for (const [atlas, type] of byService) {
        if (atlas) expect(type).toMatch(/^application\/vnd\.atlas\.\d{4}-\d{2}-\d{2}\+json;charset=utf-8$/);
        else expect(type).toBe(SPEC_SUCCESS['Content-Type']);
      }
      expect(byService.filter(([atlas]) => !atlas)).toHaveLength(2);
    });

    it("Strict-Transport-Security: Atlas sends a year; dbkit sends the spec's max-age=300 (decisions)", () => {
      const values = new Set(withHeader('Strict-Transport-Security').map(([, value]) => value));
      expect([...values]).toEqual(['max-age=31536000; includeSubdomains;']);
      expect(SPEC_SUCCESS['Strict-Transport-Security']).toBe('max-age=300');
    });
  });

  describe('error bodies', () => {
    const errors = recorded.filter(([, response]) => response.status >= 400 && response.body !== '');

    it.for(errors)('%s: status, reason and X-Error-Code agree with the body', ([, response]) => {
      const body = JSON.parse(response.body) as Record<string, unknown>;
      expect(body.error).toBe(response.status);
      expect(body.reason).toBe(response.reason);
      expect(isErrorCode(body.errorCode)).toBe(true);
      const header = response.get('X-Error-Code');
      if (header !== undefined) expect(header).toBe(body.errorCode);
    });

    it.for([
      ['atlascli-404-GROUP_NOT_FOUND.http#1', apiError('GROUP_NOT_FOUND', ['111111111111111111111111'])],
      [
        'atlascli-404-RESOURCE_NOT_FOUND.http#1',
        apiError('RESOURCE_NOT_FOUND', ['Online archive with id 6a79450d2c88faeba59d4082']),
      ],
    ] as const)('%s: apiError builds the recorded bytes', ([where, built]) => {
      const [, response] = recorded.find(([name]) => name === where) ?? [];
      expect(serializeBody(built)).toBe(response?.body);
    });

    it('CLUSTER_NOT_FOUND: same code, status and parameters; Atlas names the cluster where this API has its id', () => {
      const [, response] = recorded.find(([name]) => name === 'atlascli-404-CLUSTER_NOT_FOUND.http#1') ?? [];
      const real = JSON.parse(response?.body ?? '{}') as Record<string, unknown>;
      const built = apiError('CLUSTER_NOT_FOUND', ['cluster-712', '6a799efbc0eb9e7a177d7e0e']);
      expect({ ...built, detail: undefined }).toEqual({ ...real, detail: undefined });
      expect(real.detail).toBe(built.detail.replace('with ID', 'named'));
    });
  });
});
