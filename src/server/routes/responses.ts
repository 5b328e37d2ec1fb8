import type { TSchema } from '@sinclair/typebox';
import { ErrorEnvelope, OkEmpty, OkEnvelope } from '../../shared/contract/common';

/** The response map of a route: its payload in the Ok envelope, the error envelope otherwise. */
export function answers<T extends TSchema>(data: T) {
  return { 200: OkEnvelope(data), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope } as const;
}

export const answersEmpty = { 200: OkEmpty, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope } as const;

export const ok = <T>(data: T) => ({ result: 'Ok' as const, data });
export const okEmpty = () => ({ result: 'Ok' as const });
