import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import {
  BulkCreateBody,
  CompleteItemBody,
  CompleteItemResponse,
  CreatedItems,
  CreateDemoBody,
  CreateGoToMarketBody,
  CreateImplementationBody,
  DeleteItemBody,
  Item,
  ItemIdParams,
  RestoreItemBody,
  SortKeyResponse,
  SplitItemBody,
  UpdateDemoBody,
  UpdateGoToMarketBody,
  UpdateImplementationBody,
  UpdateItemResponse,
  type AnyItemFields,
  type RequestedAssignment,
} from '../../../shared/contract/items';
import { answers, answersEmpty, ok, okEmpty } from '../responses';
import { requireActiveTeam } from '../activeTeam';
import { completeItem, createItems, deleteProjectItem, splitItem, updateItemFields } from '../../services/items';
import { readTeamItem, type ItemJson } from '../../services/board';
import { ItemType } from '../../../shared/enums';
import { writerOf } from '../writer';
import { restoreProjectItem } from '../../services/itemRestore';

const tags = ['items'];

/** The three kinds of item, each with its own create and update paths (spec §7 "Items"). */
const kinds = [
  { path: 'demos', itemType: ItemType.Demo, name: 'Demo', create: CreateDemoBody, update: UpdateDemoBody },
  {
    path: 'implementations',
    itemType: ItemType.Implementation,
    name: 'Implementation',
    create: CreateImplementationBody,
    update: UpdateImplementationBody,
  },
  {
    path: 'gtm',
    itemType: ItemType.GoToMarket,
    name: 'GoToMarketItem',
    create: CreateGoToMarketBody,
    update: UpdateGoToMarketBody,
  },
] as const satisfies readonly { path: string; itemType: ItemType; name: string; create: TSchema; update: TSchema }[];

/** Answers an item the database already serialised (repositories/itemsJson.ts) in the Ok envelope. */
function sendItem(reply: FastifyReply, item: ItemJson) {
  return reply.type('application/json; charset=utf-8').send(`{"result":"Ok","data":${item}}`);
}

/** Items of the active team's projects; every id is checked against the team. */
export default async function itemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  for (const kind of kinds) {
    app.post(
      `/project-items/${kind.path}`,
      {
        config: { idempotent: true },
        schema: { tags, operationId: `create${kind.name}`, body: kind.create, response: answers(SortKeyResponse) },
      },
      async (request) => {
        const { teamId } = await requireActiveTeam(app, request);
        const body = request.body as { projectId: string; project: RequestedAssignment; item: AnyItemFields };
        const input = {
          ...writerOf(request, teamId),
          projectId: body.projectId,
          items: [{ itemType: kind.itemType, fields: body.item, project: body.project }],
          now: app.clock.now(),
          field: () => 'body',
        };
        const created = await app.db.transaction((tx) => createItems(tx, input));
        return ok({
          ...created.items[0]!,
          ...(created.rebalancedSortKeys ? { rebalancedSortKeys: created.rebalancedSortKeys } : {}),
        });
      },
    );

    app.put(
      `/project-items/${kind.path}/:id`,
      {
        schema: {
          tags,
          operationId: `update${kind.name}`,
          params: ItemIdParams,
          body: kind.update,
          response: answers(UpdateItemResponse),
        },
      },
      async (request) => {
        const { teamId } = await requireActiveTeam(app, request);
        const body = request.body as { projectId: string; item: AnyItemFields; version?: number };
        const input = {
          ...writerOf(request, teamId),
          itemId: request.params.id,
          itemType: kind.itemType,
          projectId: body.projectId,
          fields: body.item,
          ...(body.version !== undefined ? { version: body.version } : {}),
          now: app.clock.now(),
        };
        return ok(await app.db.transaction((tx) => updateItemFields(tx, input)));
      },
    );
  }

  // The whole item, heavy fields included: the board's answer carries only what a card shows.
  app.get(
    '/project-items/all/:id',
    { schema: { tags, operationId: 'getProjectItem', params: ItemIdParams, response: answers(Item) } },
    async (request, reply) => {
      const { teamId } = await requireActiveTeam(app, request);
      return sendItem(reply as FastifyReply, await readTeamItem(app.db, { teamId, itemId: request.params.id }));
    },
  );

  app.delete(
    '/project-items/all/:id',
    {
      schema: {
        tags,
        operationId: 'deleteProjectItem',
        params: ItemIdParams,
        body: DeleteItemBody,
        response: answersEmpty,
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const input = {
        ...writerOf(request, teamId),
        itemId: request.params.id,
        projectId: request.body.projectId,
        now: app.clock.now(),
      };
      await app.db.transaction((tx) => deleteProjectItem(tx, input));
      return okEmpty();
    },
  );

  // Undo of a delete: the item back as it was, from the copy the delete kept.
  app.post(
    '/project-items/all/:id/restore',
    {
      schema: {
        tags,
        operationId: 'restoreProjectItem',
        params: ItemIdParams,
        body: RestoreItemBody,
        response: answers(SortKeyResponse),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const input = {
        ...writerOf(request, teamId),
        itemId: request.params.id,
        projectId: request.body.projectId,
        now: app.clock.now(),
      };
      return ok(await app.db.transaction((tx) => restoreProjectItem(tx, input)));
    },
  );

  app.put(
    '/project-items/all/:id/complete',
    {
      schema: {
        tags,
        operationId: 'completeProjectItem',
        params: ItemIdParams,
        body: CompleteItemBody,
        response: answers(CompleteItemResponse),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const input = {
        ...writerOf(request, teamId),
        itemId: request.params.id,
        markComplete: request.body.markComplete,
        now: app.clock.now(),
      };
      return ok(await app.db.transaction((tx) => completeItem(tx, input)));
    },
  );

  app.post(
    '/project-items/all/bulk-create',
    {
      config: { idempotent: true },
      schema: { tags, operationId: 'bulkCreateProjectItems', body: BulkCreateBody, response: answers(CreatedItems) },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const input = {
        ...writerOf(request, teamId),
        projectId: request.body.projectId,
        items: request.body.items.map((entry) => ({
          itemType: entry.itemType,
          fields: entry.item,
          project: entry.project,
        })),
        now: app.clock.now(),
        field: (index: number) => `body.items.${index}`,
      };
      return ok(await app.db.transaction((tx) => createItems(tx, input)));
    },
  );

  app.post(
    '/project-items/all/:id/split',
    {
      config: { idempotent: true },
      schema: {
        tags,
        operationId: 'splitProjectItem',
        params: ItemIdParams,
        body: SplitItemBody,
        response: answers(CreatedItems),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const input = {
        ...writerOf(request, teamId),
        itemId: request.params.id,
        projectId: request.body.projectId,
        descriptions: request.body.descriptions,
        now: app.clock.now(),
      };
      return ok(await app.db.transaction((tx) => splitItem(tx, input)));
    },
  );
}
