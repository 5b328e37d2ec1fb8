import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ActiveTeam,
  AppSettings,
  CoreApplicationContext,
  PutAppSettingsBody,
} from '../../../shared/contract/userAndTeam';
import { Type } from '@sinclair/typebox';
import { answers, ok } from '../responses';
import { loadActiveTeam, loadCoreApplicationContext } from '../../services/coreContext';
import { saveAppSettings } from '../../repositories/users';
import { requireActiveTeam } from '../activeTeam';
import { unauthorized } from '../../errors';
import teamRoutes from './teams';
import memberRoutes from './members';

const tags = ['userAndTeam'];

export default async function userAndTeamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(teamRoutes);
  await app.register(memberRoutes);

  app.get(
    '/user/core-application-context',
    { schema: { tags, operationId: 'getCoreApplicationContext', response: answers(CoreApplicationContext) } },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      return ok(await app.db.transaction((tx) => loadCoreApplicationContext(tx, auth.userId, app.clock.now())));
    },
  );

  app.put(
    '/user/app-settings',
    {
      schema: {
        tags,
        operationId: 'putAppSettings',
        body: PutAppSettingsBody,
        response: answers(Type.Object({ appSettings: AppSettings })),
      },
    },
    async (request) => {
      if (!request.auth) throw unauthorized();
      await saveAppSettings(app.db, request.auth.userId, request.body.appSettings, app.clock.now());
      return ok({ appSettings: request.body.appSettings });
    },
  );

  app.get(
    '/teams/active',
    { schema: { tags, operationId: 'getActiveTeam', response: answers(ActiveTeam) } },
    async (request) => {
      const { teamId, role } = await requireActiveTeam(app, request);
      return ok(await loadActiveTeam(app.db, teamId, app.clock.now(), role));
    },
  );
}
