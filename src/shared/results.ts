/** Result codes of the response envelope (spec §3, design §2). */
export const ResultCodes = ['Ok', 'Failed', 'NotFound', 'Unauthorized', 'InvalidRequest', 'QuotaLimit'] as const;
export type ResultCode = (typeof ResultCodes)[number];

/** HTTP status that goes with each non-Ok result (design §2). */
export const statusOfResult: Record<ResultCode, number> = {
  Ok: 200,
  Failed: 500,
  NotFound: 404,
  Unauthorized: 401,
  InvalidRequest: 400,
  QuotaLimit: 402,
};

export interface Envelope<T = unknown> {
  result: ResultCode;
  data?: T;
  message?: string;
}
