import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../contract/errors';

/**
 * An answer other than success, thrown from anywhere in a handler; the error handler turns it
 * into the JSON body {error, code?, field?} of docs/architecture.md with its status and headers.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: { field?: string; code?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get body(): ApiErrorBody {
    const body: ApiErrorBody = { error: this.message };
    if (this.extra.code !== undefined) body.code = this.extra.code;
    if (this.extra.field !== undefined) body.field = this.extra.field;
    return body;
  }
}
