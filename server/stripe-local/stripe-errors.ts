/** Stripe's error body `{error: {type, message, code?, param?}}` and its status, from which the SDK picks its typed error. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'card_error' | 'api_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toBody(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    return { error };
  }
}

/** Stripe answers 404 for a missing object in the path, 400 for one named by a parameter. */
export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeApiError(param === 'id' ? 404 : 400, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const missingParam = (param: string) =>
  new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);

export const invalidParam = (param: string, message: string) => new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);
