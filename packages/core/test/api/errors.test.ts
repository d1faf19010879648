import { describe, expect, it } from 'vitest';
import { apiError, templatePlaceholders } from '../../src/api/errors.js';
import { ErrorCode, type ErrorCode as ErrorCodeName, isErrorCode } from '../../src/model/error.js';

const codes = Object.keys(ErrorCode) as ErrorCodeName[];

describe('apiError', () => {
  it('fills the detail template of GROUP_NOT_FOUND exactly as the real service words it [spec:error-body]', () => {
    expect(apiError('GROUP_NOT_FOUND', ['111111111111111111111111'])).toStrictEqual({
      detail: 'No group with ID 111111111111111111111111 exists.',
      error: 404,
      errorCode: 'GROUP_NOT_FOUND',
      parameters: ['111111111111111111111111'],
      reason: 'Not Found',
    });
  });

  it.for([
    {
      code: 'SNAPSHOT_NOT_FOUND',
      parameters: ['5b1e4f1a3b34b9c8a5d3a111', 'cluster0'],
      detail: 'No snapshot with ID 5b1e4f1a3b34b9c8a5d3a111 exists for cluster cluster0.',
      status: 404,
    },
    {
      code: 'INVALID_QUERY_PARAMETER',
      parameters: ['itemsPerPage'],
      detail: 'Invalid query parameter itemsPerPage specified.',
      status: 400,
    },
    {
      code: 'RATE_LIMITED',
      parameters: ['alerts', 100, 1],
      detail: 'Resource alerts is limited to 100 requests every 1 minutes.',
      status: 429,
    },
    { code: 'INVALID_JSON', parameters: [], detail: 'Received JSON does not match expected format.', status: 400 },
    { code: 'UNEXPECTED_ERROR', parameters: [], detail: 'Unexpected error.', status: 500 },
  ] as const)('fills $code with its parameters in order', ({ code, parameters, detail, status }) => {
    const body = apiError(code, parameters as never);
    expect(body.detail).toBe(detail);
    expect(body.error).toBe(status);
    expect(body.parameters).toStrictEqual(parameters);
  });

  it('writes the keys in alphabetical order, as the real service does', () => {
    expect(Object.keys(apiError('INVALID_JSON', []))).toStrictEqual([
      'detail',
      'error',
      'errorCode',
      'parameters',
      'reason',
    ]);
  });

  it('appends a hint after the filled template', () => {
    const body = apiError('INVALID_QUERY_PARAMETER', ['status'], { hint: 'Send OPEN.' });
    expect(body.detail).toBe('Invalid query parameter status specified. Send OPEN.');
  });

  it('leaves a placeholder visible instead of throwing when a parameter is missing', () => {
    const body = apiError('CLUSTER_NOT_FOUND', ['abc'] as never);
    expect(body.detail).toBe('No cluster with ID abc exists in group <group>.');
  });

  it('names the spec-required snapshot error "cannot be modified because of invalid fields" [spec:error-invalid-fields]', () => {
    const body = apiError('SNAPSHOT_INVALID_FIELDS', ['snap1', 'doNotDelete, expires']);
    expect(body.detail).toContain('cannot be modified because of invalid fields');
    expect(body.error).toBe(400);
  });
});

describe('the ErrorCode set', () => {
  it.for(codes)('%s declares one parameter name per placeholder of its template', (code) => {
    expect(templatePlaceholders(ErrorCode[code].detail)).toStrictEqual(ErrorCode[code].parameters);
  });

  it.for(codes)('%s pairs its HTTP status with the standard reason phrase', (code) => {
    const reasons: Record<number, string> = {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      409: 'Conflict',
      413: 'Payload Too Large',
      429: 'Too Many Requests',
      500: 'Internal Server Error',
    };
    expect(ErrorCode[code].reason).toBe(reasons[ErrorCode[code].status]);
  });

  it.for([
    ['GROUP_NOT_FOUND', 404],
    ['INVALID_GROUP_ID', 404],
    ['NOT_IN_GROUP', 401],
    ['GROUP_NAME_NOT_FOUND', 404],
    ['CLUSTER_NOT_FOUND', 404],
    ['INVALID_CLUSTER_ID', 404],
    ['SNAPSHOT_NOT_FOUND', 404],
    ['INVALID_SNAPSHOT_ID', 404],
    ['CONFIG_SNAPSHOT_NOT_FOUND', 404],
    ['NOT_CONFIG_SERVER', 404],
    ['CANNOT_DELETE_FROM_CLUSTER_SNAPSHOT', 403],
    ['LINK_EXPIRATION_AFTER_SNAPSHOT_DELETION', 409],
    ['INVALID_JSON', 400],
    ['INVALID_JSON_ATTRIBUTE', 400],
    ['INVALID_ATTRIBUTE', 400],
    ['MISSING_ATTRIBUTE', 400],
    ['ATTRIBUTE_READ_ONLY', 400],
    ['INVALID_QUERY_PARAMETER', 400],
    ['MISSING_QUERY_PARAMETER', 400],
    ['RESOURCE_NOT_FOUND', 404],
    ['UNEXPECTED_ERROR', 500],
    ['RATE_LIMITED', 429],
    ['IP_ADDRESS_NOT_ON_ACCESS_LIST', 403],
    ['USER_UNAUTHORIZED', 401],
    ['SNAPSHOT_INVALID_FIELDS', 400],
  ] as const)('has the documented code %s with status %i', ([code, status]) => {
    expect(isErrorCode(code)).toBe(true);
    expect(ErrorCode[code].status).toBe(status);
  });

  it('does not accept an unknown code', () => {
    expect(isErrorCode('NOT_A_CODE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
