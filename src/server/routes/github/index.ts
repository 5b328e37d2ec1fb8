import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AuthorizeStart,
  GithubStatus,
  GithubUserStatus,
  InstallCallbackBody,
  InstallStart,
  RepositoryBody,
  UserAuthorizationCallbackBody,
} from '../../../shared/contract/github';
import { answers, ok } from '../responses';
import { requireActiveTeam, requireAdmin } from '../activeTeam';
import {
  chooseRepository,
  completeInstall,
  githubStatus,
  githubUserStatus,
  requireGithub,
  startInstall,
} from '../../services/github';
import { completeUserAuthorization, forgetUserAuthorization, startUserAuthorization } from '../../services/githubUser';

const tags = ['github'];

/**
 * The team's GitHub connection (spec §7; agents.md §3), Admins only; and each member's own GitHub
 * authorization, which Copilot and Cursor hand-offs are made with.
 */
export default async function githubRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Each route here may wait on GitHub.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, callsOut: true };
  });

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
      return ok(await githubStatus(app.db, setup, { teamId, userId }, app.clock.now()));
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
      const { teamId, userId } = await requireAdmin(app, request);
      return ok(await githubStatus(app.db, app.github, { teamId, userId }, app.clock.now()));
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
      const { teamId, userId } = await requireAdmin(app, request);
      const setup = requireGithub(app.github);
      await chooseRepository(app.db, setup, { teamId, body: request.body, now: app.clock.now() });
      return ok(await githubStatus(app.db, setup, { teamId, userId }, app.clock.now()));
    },
  );

  const userTags = ['github'];

  app.get(
    '/github/user-authorization',
    {
      schema: {
        tags: userTags,
        operationId: 'getGithubUserStatus',
        description:
          "For any member: whether hand-offs can go out, where to, the member's own GitHub authorization, and what each agent still needs.",
        response: answers(GithubUserStatus),
      },
    },
    async (request) => {
      const who = await requireActiveTeam(app, request);
      return ok(await githubUserStatus(app.db, app.github, who, app.clock.now()));
    },
  );

  app.post(
    '/github/user-authorization',
    {
      schema: {
        tags: userTags,
        operationId: 'startGithubUserAuthorization',
        description:
          "The URL where the member authorizes Baton's GitHub App as themselves (Copilot and Cursor are started as that user), with a signed state (30 minutes).",
        response: answers(AuthorizeStart),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      const setup = requireGithub(app.github);
      return ok(startUserAuthorization(setup, { teamId, userId }, app.config.publicUrl, app.clock.now()));
    },
  );

  app.put(
    '/github/user-authorization',
    {
      schema: {
        tags: userTags,
        operationId: 'completeGithubUserAuthorization',
        description:
          "The authorization callback: checks the state, exchanges GitHub's code and stores the tokens encrypted.",
        body: UserAuthorizationCallbackBody,
        response: answers(GithubUserStatus),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      const setup = requireGithub(app.github);
      await completeUserAuthorization(app.db, setup, { teamId, userId, body: request.body, now: app.clock.now() });
      return ok(await githubUserStatus(app.db, setup, { teamId, userId }, app.clock.now()));
    },
  );

  app.delete(
    '/github/user-authorization',
    {
      schema: {
        tags: userTags,
        operationId: 'deleteGithubUserAuthorization',
        description:
          "Forgets the member's GitHub authorization (revoke it on GitHub under Settings → Applications too).",
        response: answers(GithubUserStatus),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      await forgetUserAuthorization(app.db, userId);
      return ok(await githubUserStatus(app.db, app.github, { teamId, userId }, app.clock.now()));
    },
  );
}
