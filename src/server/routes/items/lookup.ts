import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ItemHits, ItemKeyParams, ItemLocation, TeamSearchQuerystring } from '../../../shared/contract/itemLookup';
import { answers, ok } from '../responses';
import { requireActiveTeam } from '../activeTeam';
import { locateItemByKey, searchAcrossProjects } from '../../services/itemLookup';

const tags = ['items'];

/** Finding the active team's items in any of its projects: the palette's search and an item link's key. */
export default async function itemLookupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/project-items/search',
    {
      schema: { tags, operationId: 'searchTeamItems', querystring: TeamSearchQuerystring, response: answers(ItemHits) },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      return ok({ items: await searchAcrossProjects(app.db, { teamId, text: request.query.query }) });
    },
  );

  app.get(
    '/project-items/keys/:key',
    { schema: { tags, operationId: 'locateItemByKey', params: ItemKeyParams, response: answers(ItemLocation) } },
    async (request) => {
      const { userId, teamId } = await requireActiveTeam(app, request);
      return ok(await locateItemByKey(app.db, { userId, teamId, key: request.params.key }));
    },
  );
}
