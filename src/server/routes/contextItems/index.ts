import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ContextItem,
  ContextItemBody,
  ContextItemList,
  ContextItemParams,
  CreatedContextItem,
  ParentContexts,
} from '../../../shared/contract/contextItems';
import { answers, ok } from '../responses';
import { requireActiveTeam } from '../activeTeam';
import {
  createContextItem,
  getContextItem,
  listContextItems,
  parentContextsOfItem,
  putContextItem,
  removeContextItem,
} from '../../services/contextItems';

const tags = ['contextItems'];

/** Context items of the active team (spec §7 "Context items"; agents.md §2). Any member reads and writes them. */
export default async function contextItemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/context-items',
    {
      config: { idempotent: true },
      schema: {
        tags,
        operationId: 'createContextItem',
        description: 'Adds a context item; the body is markdown. Answers the new id.',
        body: ContextItemBody,
        response: answers(CreatedContextItem),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      const input = { teamId, userId, body: request.body, now: app.clock.now() };
      return ok(await app.db.transaction((tx) => createContextItem(tx, input)));
    },
  );

  app.get(
    '/context-items',
    {
      schema: {
        tags,
        operationId: 'listContextItems',
        description: 'Every context item of the team, by title.',
        response: answers(ContextItemList),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      return ok({ contextItems: await listContextItems(app.db, teamId) });
    },
  );

  app.get(
    '/context-items/:id',
    { schema: { tags, operationId: 'getContextItem', params: ContextItemParams, response: answers(ContextItem) } },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      return ok(await getContextItem(app.db, teamId, request.params.id));
    },
  );

  app.put(
    '/context-items/:id',
    {
      schema: {
        tags,
        operationId: 'putContextItem',
        description: 'Replaces title and body; kind and parent stay as they are unless given.',
        params: ContextItemParams,
        body: ContextItemBody,
        response: answers(ContextItem),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const input = { teamId, id: request.params.id, body: request.body, now: app.clock.now() };
      return ok(await app.db.transaction((tx) => putContextItem(tx, input)));
    },
  );

  app.delete(
    '/context-items/:id',
    {
      schema: {
        tags,
        operationId: 'deleteContextItem',
        description: 'Deletes a context item; its children and the items under it are detached, never deleted.',
        params: ContextItemParams,
        response: answers(CreatedContextItem),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      return ok(await app.db.transaction((tx) => removeContextItem(tx, teamId, request.params.id)));
    },
  );

  app.get(
    '/project-items/:id/parent-contexts',
    {
      schema: {
        tags,
        operationId: 'getParentContexts',
        description: 'The chain of context items above an item, nearest first (empty when it has none).',
        params: ContextItemParams,
        response: answers(ParentContexts),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      return ok({ parentContexts: await parentContextsOfItem(app.db, teamId, request.params.id) });
    },
  );
}
