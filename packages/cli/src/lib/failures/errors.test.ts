import { ApiError } from '@docs-api/sdk';
import { describe, expect, it } from 'vitest';
import { describeError, describeOwnError } from './errors.js';
import { ExitCode, UsageError } from './exit-codes.js';

const notFound = () =>
  ApiError.from({
    status: 404,
    body: { error: { code: 404, message: 'Space not found' } },
    headers: new Headers({ 'x-request-id': 'req_1' }),
    method: 'GET',
    url: 'https://api.example.com/v1/spaces/space_x',
  });

describe('describeError', () => {
  it("tells the SDK's errors by their classes, not by their names", async () => {
    expect(await describeError(notFound())).toEqual({
      message: 'Space not found (HTTP 404, request id req_1)',
      exitCode: ExitCode.NotFound,
    });
    // Another library's error that happens to share a name is not the SDK's "not found".
    const lookalike = Object.assign(new Error('no such key'), { name: 'NotFoundError', status: 404 });
    expect(await describeError(lookalike)).toEqual({ message: 'no such key', exitCode: ExitCode.Failure });
  });

  it("recognises an error of another copy of the SDK by the SDK's brand", async () => {
    // As a sandbox bundling its own copy of the SDK would throw it.
    class OtherCopyNotFound extends Error {
      override name = 'NotFoundError';
      readonly status = 404;
      readonly serverMessage = 'Gone elsewhere';
      readonly requestId = undefined;
      readonly retryAfterMs = undefined;
      readonly retryAt = undefined;
    }
    Object.defineProperty(OtherCopyNotFound.prototype, Symbol.for('@docs-api/sdk.error'), {
      value: 'NotFoundError',
    });
    expect(await describeError(new OtherCopyNotFound('x'))).toEqual({
      message: 'Gone elsewhere (HTTP 404)',
      exitCode: ExitCode.NotFound,
    });
  });

  it("describes the CLI's own errors without the SDK's classes, for oclif's synchronous printing", () => {
    expect(describeOwnError(new UsageError('Missing --org.'))).toEqual({
      message: 'Missing --org.',
      exitCode: ExitCode.Usage,
    });
    expect(describeOwnError(notFound())).toBeUndefined();
  });
});
