import type { QuotaKind } from '../shared/quota';
import type { ResultCode } from '../shared/results';
import { statusOfResult } from '../shared/results';

/** An expected failure, answered with the envelope's result code and a message for the user. */
export class ApiError extends Error {
  constructor(
    readonly result: Exclude<ResultCode, 'Ok'>,
    message: string,
    readonly statusCode: number = statusOfResult[result],
    readonly quotaKind?: QuotaKind,
    /** What the client needs to resolve the failure, e.g. the current state on a conflict. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new ApiError('NotFound', what);
export const invalidRequest = (message: string) => new ApiError('InvalidRequest', message);
export const unauthorized = (message = 'Sign in to continue') => new ApiError('Unauthorized', message);
/** Signed in, but this role or origin may not do this. 403 does not log the user out. */
export const forbidden = (message = 'You are not allowed to do this') => new ApiError('Unauthorized', message, 403);

/**
 * A change made to an older version of a record: 409 with the record as it is now, so the client can
 * show the other person's change and keep its own text (the spec has no Conflict result code).
 */
export const conflict = (message: string, current: Record<string, unknown>) =>
  new ApiError('Failed', message, 409, undefined, { current });
