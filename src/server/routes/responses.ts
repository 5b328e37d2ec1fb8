import type { FastifyReply } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import type { ItemsJson } from '../services/board';
import type { BoardPageJson } from '../repositories/itemsJson';
import { ErrorEnvelope, OkEmpty, OkEnvelope } from '../../shared/contract/common';

/** The response map of a route: its payload in the Ok envelope, the error envelope otherwise. */
export function answers<T extends TSchema>(data: T) {
  return { 200: OkEnvelope(data), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope } as const;
}

export const answersEmpty = { 200: OkEmpty, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope } as const;

export const ok = <T>(data: T) => ({ result: 'Ok' as const, data });
export const okEmpty = () => ({ result: 'Ok' as const });

/**
 * Answers items the database already serialised (repositories/itemsJson.ts) in the Ok envelope. A
 * string with a JSON content type passes Fastify's response serializer untouched; the route's response
 * schema still documents the shape, and tests hold the answer to it.
 */
export function sendItems(reply: FastifyReply, items: ItemsJson) {
  return sendJson(reply, `{"items":${items}}`);
}

/** A board page (contract BoardItemPage, its second form), its parts already JSON or a number. */
export function sendBoardPage(reply: FastifyReply, page: BoardPageJson) {
  const totals = page.bucketTotals === undefined ? '' : `,"bucketTotals":${page.bucketTotals}`;
  return sendJson(reply, `{"columns":${page.columns}${totals},"latestEventId":${page.latestEventId}}`);
}

function sendJson(reply: FastifyReply, data: string) {
  return reply.type('application/json; charset=utf-8').send(`{"result":"Ok","data":${data}}`);
}
