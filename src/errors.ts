// One error type for the whole service. The HTTP layer turns it into problem+json
// (RFC 9457, CONTRACT §2); domain code throws it without knowing about HTTP.

export type ErrorCode =
  | 'validation_failed'
  | 'invalid_range'
  | 'unauthorized'
  | 'tier_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'all_records_rejected'
  | 'rate_limited'
  | 'method_not_allowed'
  | 'uri_too_long'
  | 'header_fields_too_large'
  | 'agent_provider_error'
  | 'internal';

export interface FieldError {
  path: string;
  message: string;
}

const TITLES: Record<ErrorCode, string> = {
  validation_failed: 'Validation failed',
  invalid_range: 'Invalid time window',
  unauthorized: 'Unauthorized',
  tier_required: 'Pro tier required',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  conflict: 'Conflict',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  all_records_rejected: 'All records rejected',
  rate_limited: 'Too many requests',
  method_not_allowed: 'Method not allowed',
  uri_too_long: 'URI too long',
  header_fields_too_large: 'Request header fields too large',
  agent_provider_error: 'Agent provider error',
  internal: 'Internal server error',
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    /** Extra top-level members of the problem body, e.g. `required_tier` or `rejected`. */
    readonly extra?: Record<string, unknown>,
    /** Response headers that belong to the error, e.g. `WWW-Authenticate` or `Allow`. */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  get title(): string {
    return TITLES[this.code];
  }

  toProblem(): Record<string, unknown> {
    return {
      type: `https://honeypot-intel.dev/problems/${this.code.replace(/_/g, '-')}`,
      title: this.title,
      status: this.status,
      code: this.code,
      detail: this.detail,
      ...(this.errors ? { errors: this.errors } : {}),
      ...this.extra,
    };
  }
}

export const validationFailed = (detail: string, errors?: FieldError[]) => new ApiError(400, 'validation_failed', detail, errors);
export const invalidRange = (detail: string) => new ApiError(400, 'invalid_range', detail);
export const notFound = (detail = 'The requested resource does not exist.') => new ApiError(404, 'not_found', detail);
