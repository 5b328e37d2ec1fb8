import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { GithubStatus, InstallCallbackBody, InstallStart, RepositoryBody } from '../../../shared/contract/github';
import { answers, ok } from '../responses';
import { requireAdmin } from '../activeTeam';
import { chooseRepository, completeInstall, githubStatus, requireGithub, startInstall } from '../../services/github';

const tags = ['github'];

/** The team's GitHub connection (spec §7; agents.md §3). Admins only. */
export default async function githubRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/github/app/install',
    {
      schema: {
        tags,
        operationId: 'startGithubInstall',
        description:
          "The URL that installs Baton's GitHub App, with a signed state bound to this team and user (30 minutes).",
        response: answers(InstallStart),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireAdmin(app, request);
      return ok(startInstall(requireGithub(app.github), { teamId, userId }, app.clock.now()));
    },
  );

  app.put(
    '/github/app/install',
    {
      schema: {
        tags,
        operationId: 'completeGithubInstall',
        description: 'The install callback: checks the state and asks GitHub for the installation before storing it.',
        body: InstallCallbackBody,
        response: answers(GithubStatus),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireAdmin(app, request);
      const setup = requireGithub(app.github);
      await completeInstall(app.db, setup, { teamId, userId, body: request.body, now: app.clock.now() });
      return ok(await githubStatus(app.db, setup, teamId));
    },
  );

  app.get(
    '/github/status',
    {
      schema: {
        tags,
        operationId: 'getGithubStatus',
        description:
          'The connection, the repositories the installation reaches, the chosen one, and per-agent readiness.',
        response: answers(GithubStatus),
      },
    },
    async (request) => {
      const { teamId } = await requireAdmin(app, request);
      return ok(await githubStatus(app.db, app.github, teamId));
    },
  );

  app.put(
    '/github/repository',
    {
      schema: {
        tags,
        operationId: 'putGithubRepository',
        description:
          "Where hand-offs go: one of the installation's repositories, and a base branch (its default if none).",
        body: RepositoryBody,
        response: answers(GithubStatus),
      },
    },
    async (request) => {
      const { teamId } = await requireAdmin(app, request);
      const setup = requireGithub(app.github);
      await chooseRepository(app.db, setup, { teamId, body: request.body, now: app.clock.now() });
      return ok(await githubStatus(app.db, setup, teamId));
    },
  );
}
