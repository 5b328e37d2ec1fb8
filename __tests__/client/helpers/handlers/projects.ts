import { http, HttpResponse } from 'msw';
import type { MoveRequest } from '../../../../src/shared/contract/items';
import type { Project } from '../../../../src/shared/contract/userAndTeam';
import type { ProjectItemsQuery } from '../../../../src/shared/contract/projects';
import { placementForMove, sameBucket, type PlanBucket } from '../../../../src/shared/timeframes';
import { mockBackend, ok } from './mockBackend';
import { onTheBoard, planBackend } from './planBackend';
import { boardColumnsOf } from '../../../../src/shared/boardColumns';

const url = (path: string) => `${location.origin}/v1/teams/active/projects${path}`;
const invalid = (message: string) => HttpResponse.json({ result: 'InvalidRequest', message }, { status: 400 });

const projects = (): Project[] => mockBackend.context.availableProjects;
const findProject = (id: string) => projects().find((project) => project.id === id);

export const projectsHandlers = [
  http.put(url('/active'), async ({ request }) => {
    const { newActiveProjectId } = (await request.json()) as { newActiveProjectId: string };
    planBackend.log.push(`setActive ${newActiveProjectId}`);
    const project = findProject(newActiveProjectId);
    if (!project) return HttpResponse.json({ result: 'NotFound', message: 'Project not found' }, { status: 404 });
    mockBackend.context.userContext.activeProjectId = project.id;
    return HttpResponse.json(ok({ newActiveProject: project }));
  }),
  http.post(url(''), async ({ request }) => {
    const body = (await request.json()) as { description: string; projectDescription?: string };
    const project: Project = {
      id: planBackend.newId('project'),
      description: body.description,
      projectDescription: body.projectDescription ?? '',
      status: 0,
      milestones: [],
      version: 1,
    };
    mockBackend.context.availableProjects.push(project);
    return HttpResponse.json(ok(project));
  }),
  http.get(url('/:id'), ({ params }) => {
    const project = findProject(String(params.id));
    return project ? HttpResponse.json(ok(project)) : HttpResponse.json({ result: 'NotFound' }, { status: 404 });
  }),
  http.put(url('/:id'), async ({ request, params }) => {
    const project = findProject(String(params.id));
    if (!project) return HttpResponse.json({ result: 'NotFound' }, { status: 404 });
    const { version, ...changes } = (await request.json()) as Partial<typeof project>;
    if (version !== undefined && version !== project.version) {
      const message = `Someone else changed the project “${project.description}” while you were editing it`;
      return HttpResponse.json({ result: 'Failed', message, data: { current: project } }, { status: 409 });
    }
    // As the server does: the items of a removed milestone become unscheduled, in their scope.
    if (changes.milestones) {
      const kept = new Set(changes.milestones.map((milestone) => milestone.index));
      for (const item of planBackend.items) {
        const plan = planBackend.contextOf(item, project.id);
        if (plan?.assignedTimeframe?.span === 4 && !kept.has(plan.assignedTimeframe.index))
          plan.assignedTimeframe = null;
      }
    }
    Object.assign(project, changes, { version: project.version + 1 });
    return HttpResponse.json(ok(project));
  }),
  http.delete(url('/:projectId'), async ({ request, params }) => {
    const projectId = String(params.projectId);
    const body = (await request.json().catch(() => ({}))) as { transferItemsToProjectId?: string | null };
    const context = mockBackend.context;
    context.availableProjects = context.availableProjects.filter((project) => project.id !== projectId);
    let transferred = 0;
    for (const item of planBackend.items) {
      const plan = planBackend.contextOf(item, projectId);
      if (!plan) continue;
      if (body.transferItemsToProjectId) {
        plan.projectId = body.transferItemsToProjectId;
        plan.scope = 1;
        plan.assignedTimeframe = null;
        transferred += 1;
      }
    }
    if (!body.transferItemsToProjectId) {
      planBackend.items = planBackend.items.filter((item) => !planBackend.contextOf(item, projectId));
    }
    if (context.userContext.activeProjectId === projectId) {
      context.userContext.activeProjectId = context.availableProjects[0]?.id ?? null;
    }
    return HttpResponse.json(ok({ projectId, transferredItemCount: transferred, deletedItemCount: 0 }));
  }),
  http.post(url('/:projectId/all/query'), async ({ request, params }) => {
    const projectId = String(params.projectId);
    const { bucketPage } = ((await request.json().catch(() => ({}))) ?? {}) as ProjectItemsQuery;
    planBackend.log.push(`query ${projectId}${bucketPage ? ` ${bucketPage.part}` : ''}`);
    if (!bucketPage) {
      return HttpResponse.json(ok({ items: planBackend.board(projectId).map((item) => onTheBoard(item, projectId)) }));
    }
    const { items, ...page } = planBackend.boardPage(projectId, bucketPage);
    const onBoard = items.map((item) => onTheBoard(item, projectId));
    return HttpResponse.json(
      ok({ columns: boardColumnsOf(onBoard, onBoard[0]?.teamId ?? 'team-1', projectId), ...page }),
    );
  }),
  http.get(url('/:projectId/search'), ({ request, params }) => {
    const text = (new URL(request.url).searchParams.get('query') ?? '').toLowerCase();
    const items = planBackend
      .board(String(params.projectId))
      .filter((item) => `${item.externalId} ${item.description}`.toLowerCase().includes(text))
      .map((item) => onTheBoard(item, String(params.projectId)));
    return HttpResponse.json(ok({ items }));
  }),
  http.get(url('/:projectId/all/:itemId/project-context'), ({ params }) => {
    const itemId = String(params.itemId);
    planBackend.log.push(`history ${itemId}`);
    const item = planBackend.items.find((candidate) => candidate.id === itemId);
    const context = item && planBackend.contextOf(item, String(params.projectId));
    if (!context)
      return HttpResponse.json({ result: 'NotFound', message: 'project context not found' }, { status: 404 });
    return HttpResponse.json(ok({ projectPlanContext: context }));
  }),
  http.put(url('/:projectId/all/:itemId/project-context'), async ({ request, params }) => {
    const projectId = String(params.projectId);
    const itemId = String(params.itemId);
    const move = (await request.json()) as MoveRequest;
    planBackend.log.push(`move ${itemId}`);
    const item = planBackend.items.find((candidate) => candidate.id === itemId);
    const context = item && planBackend.contextOf(item, projectId);
    if (!item || !context)
      return HttpResponse.json({ result: 'NotFound', message: 'project context not found' }, { status: 404 });
    const from: PlanBucket = { scope: context.scope, assignedTimeframe: context.assignedTimeframe };
    const to: PlanBucket = move.newAssignment
      ? { scope: move.newAssignment.scope, assignedTimeframe: move.newAssignment.assignedTimeframe }
      : from;
    let neighbours;
    try {
      neighbours =
        move.orderUpdate || !sameBucket(from, to)
          ? planBackend.neighbours(
              projectId,
              to,
              itemId,
              move.orderUpdate,
              move.planBucketUpdateHint ?? placementForMove(from, to),
            )
          : null;
    } catch (error) {
      return invalid((error as Error).message);
    }
    const assignee =
      move.newAssignment?.assignedToUserId === undefined
        ? context.assignedToUserId
        : move.newAssignment.assignedToUserId;
    const changed = !sameBucket(from, to) || assignee !== context.assignedToUserId;
    context.scope = to.scope;
    context.assignedTimeframe = to.assignedTimeframe;
    context.assignedToUserId = assignee;
    const rebalancedSortKeys = neighbours
      ? planBackend.place(projectId, item, to, neighbours.left, neighbours.right, move.orderUpdate?.sortKey)
      : undefined;
    if (changed) {
      context.assignmentHistory.push({
        dateUpdated: new Date().toISOString(),
        assignment: { ...to, assignedToUserId: assignee },
      });
    }
    return HttpResponse.json(
      ok({
        id: item.id,
        linkId: item.linkId,
        externalId: item.externalId,
        projectPlanContext: context,
        ...(rebalancedSortKeys ? { rebalancedSortKeys } : {}),
      }),
    );
  }),
];
