import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CreateProjectBody,
  DeletedProject,
  DeleteProjectBody,
  MoveParams,
  Project,
  ProjectIdParams,
  ProjectItemsQuery,
  SearchQuerystring,
  SetActiveProjectBody,
  SetActiveProjectResponse,
  UpdateProjectBody,
} from '../../../shared/contract/projects';
import {
  BoardItemList,
  BoardItemPage,
  MoveRequest,
  ProjectContextAnswer,
  SortKeyResponse,
} from '../../../shared/contract/items';
import { Id } from '../../../shared/contract/common';
import { answers, ok, sendBoardPage, sendItems } from '../responses';
import { requireActiveTeam } from '../activeTeam';
import { chooseActiveProject, createProject, getProject, updateProjectSettings } from '../../services/projects';
import { deleteProject } from '../../services/projectDeletion';
import { moveItem, readProjectContext } from '../../services/plan';
import { queryProjectItems, searchProjectItems } from '../../services/board';
import { tabOf, writerOf } from '../writer';
import { moveItemInOneCall } from '../../services/moveInOneCall';

const tags = ['projects'];
const IdParams = Type.Object({ id: Id });

/** For routes whose body fields are all optional: no body at all means {}. */
async function emptyBodyIsEmptyObject(request: FastifyRequest) {
  request.body ??= {};
}

/** Projects of the active team and their plan (spec §7 "Projects"); every id is checked against the team. */
export default async function projectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/projects',
    {
      config: { idempotent: true, blocksScreen: true, raisesQuotaError: true },
      schema: { tags, operationId: 'createProject', body: CreateProjectBody, response: answers(Project) },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const now = app.clock.now();
      const input = { ...writerOf(request, teamId), body: request.body, now };
      return ok(await app.db.transaction((tx) => createProject(tx, input)));
    },
  );

  app.put(
    '/projects/active',
    {
      config: { blocksScreen: true },
      schema: {
        tags,
        operationId: 'setActiveProject',
        body: SetActiveProjectBody,
        response: answers(SetActiveProjectResponse),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      const projectId = request.body.newActiveProjectId;
      const newActiveProject = await app.db.transaction((tx) => chooseActiveProject(tx, { teamId, userId, projectId }));
      return ok({ newActiveProject });
    },
  );

  app.get(
    '/projects/:id',
    { schema: { tags, operationId: 'getProject', params: IdParams, response: answers(Project) } },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      return ok(await getProject(app.db, teamId, request.params.id));
    },
  );

  app.put(
    '/projects/:id',
    {
      schema: {
        tags,
        operationId: 'updateProject',
        params: IdParams,
        body: UpdateProjectBody,
        response: answers(Project),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const now = app.clock.now();
      const input = { ...writerOf(request, teamId), projectId: request.params.id, body: request.body, now };
      return ok(await app.db.transaction((tx) => updateProjectSettings(tx, input)));
    },
  );

  app.delete(
    '/projects/:projectId',
    {
      config: { blocksScreen: true },
      preValidation: emptyBodyIsEmptyObject,
      schema: {
        tags,
        operationId: 'deleteProject',
        params: ProjectIdParams,
        body: DeleteProjectBody,
        response: answers(DeletedProject),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const input = {
        ...writerOf(request, teamId),
        projectId: request.params.projectId,
        transferItemsToProjectId: request.body.transferItemsToProjectId ?? null,
        now: app.clock.now(),
      };
      return ok(await app.db.transaction((tx) => deleteProject(tx, input)));
    },
  );

  app.post(
    '/projects/:projectId/all/query',
    {
      config: { readOnly: true },
      preValidation: emptyBodyIsEmptyObject,
      schema: {
        tags,
        operationId: 'queryProjectItems',
        params: ProjectIdParams,
        body: ProjectItemsQuery,
        response: answers(BoardItemPage),
      },
    },
    async (request, reply) => {
      const { teamId } = await requireActiveTeam(app, request);
      const input = { teamId, projectId: request.params.projectId, query: request.body };
      const answer = await queryProjectItems(app.db, input);
      return 'columns' in answer
        ? sendBoardPage(reply as FastifyReply, answer)
        : sendItems(reply as FastifyReply, answer.items);
    },
  );

  app.get(
    '/projects/:projectId/search',
    {
      schema: {
        tags,
        operationId: 'searchProjectItems',
        params: ProjectIdParams,
        querystring: SearchQuerystring,
        response: answers(BoardItemList),
      },
    },
    async (request, reply) => {
      const { teamId } = await requireActiveTeam(app, request);
      const input = { teamId, projectId: request.params.projectId, text: request.query.query };
      return sendItems(reply as FastifyReply, await searchProjectItems(app.db, input));
    },
  );

  app.get(
    '/projects/:projectId/all/:itemId/project-context',
    {
      schema: {
        tags,
        operationId: 'getProjectContext',
        params: MoveParams,
        response: answers(ProjectContextAnswer),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      const { projectId, itemId } = request.params;
      return ok({ projectPlanContext: await readProjectContext(app.db, { teamId, projectId, itemId }) });
    },
  );

  app.put(
    '/projects/:projectId/all/:itemId/project-context',
    {
      config: { sessionInHandler: true },
      schema: {
        tags,
        operationId: 'moveProjectItem',
        params: MoveParams,
        body: MoveRequest,
        response: answers(SortKeyResponse),
      },
    },
    async (request, reply) => {
      const { projectId, itemId } = request.params;
      const now = app.clock.now();
      const session = app.sessions.toCheck(request);
      const tab = tabOf(request);
      const move = { projectId, itemId, request: request.body, now, ...(tab === undefined ? {} : { origin: tab }) };
      // Most moves: one statement checks the session and does the move; the rest run the transaction.
      const moved = session && (await moveItemInOneCall(app.moves, { ...move, session }));
      if (moved) return ok(moved);
      await app.sessions.check(request, reply as FastifyReply);
      const { teamId } = await requireActiveTeam(app, request);
      return ok(await app.db.transaction((tx) => moveItem(tx, { ...move, teamId })));
    },
  );
}
