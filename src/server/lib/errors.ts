type ErrorCode =
  | 'INVALID_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'REQUEST_TIMEOUT'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_ATTEMPTS'
  | 'UPSTREAM_FAILED'
  | 'UNAVAILABLE';

/** The one map from error code to HTTP status: a new code does not compile until it is mapped. */
const statusByCode: Record<ErrorCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_ATTEMPTS: 429,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
};

export interface ErrorIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return statusByCode[this.code];
  }
}

/**
 * A refusal that concerns one field of the request's body, named in `issues` as a validation
 * refusal names its fields, so that a form can show the message on that field.
 */
export const fieldRefusal = (code: ErrorCode, path: string, message: string) =>
  new AppError(code, message, [{ path, message }]);

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** The record a repository found; a missing one (null) is answered 404, "{what} not found". */
export function requireFound<T>(record: T | null, what: string): T {
  if (record === null) throw notFound(what);
  return record;
}
