import { http, HttpResponse } from 'msw';
import type { AnyItemFields, RequestedAssignment } from '../../../../src/shared/contract/items';
import { Scope } from '../../../../src/shared/enums';
import { completionDateAfterToggle } from '../../../../src/shared/completion';
import { ok } from './mockBackend';
import { boardDescription } from '../../../../src/shared/boardDescription';
import { onTheWire, planBackend, type StoredItem } from './planBackend';

const url = (path: string) => `${location.origin}/v1/teams/active/project-items${path}`;
const kinds = [
  ['demos', 1],
  ['implementations', 2],
  ['gtm', 3],
] as const;

export const notFound = (message = 'item not found') =>
  HttpResponse.json({ result: 'NotFound', message }, { status: 404 });

function createItem(itemType: number, projectId: string, project: RequestedAssignment, fields: AnyItemFields) {
  const [item] = planBackend.seed(
    [
      {
        itemType,
        description: fields.description ?? '',
        projectId,
        bucket: { scope: Scope.OutOfScope, assignedTimeframe: null },
      },
    ],
    projectId,
  );
  Object.assign(item!, fields);
  const context = planBackend.contextOf(item!, projectId)!;
  const bucket = { scope: project.scope, assignedTimeframe: project.assignedTimeframe };
  context.scope = bucket.scope;
  context.assignedTimeframe = bucket.assignedTimeframe;
  context.assignedToUserId = project.assignedToUserId ?? null;
  context.assignmentHistory.push({
    dateUpdated: new Date().toISOString(),
    assignment: { ...bucket, assignedToUserId: context.assignedToUserId },
  });
  const { left, right } = planBackend.neighbours(projectId, bucket, item!.id, project.orderUpdate);
  const rebalancedSortKeys = planBackend.place(projectId, item!, bucket, left, right);
  return {
    id: item!.id,
    linkId: item!.linkId,
    externalId: item!.externalId,
    projectPlanContext: context,
    ...(rebalancedSortKeys ? { rebalancedSortKeys } : {}),
  };
}

/** An item as the team search and a key's location answer it. */
const hitOf = (item: StoredItem) => ({
  id: item.id,
  externalId: item.externalId,
  itemType: item.itemType,
  description: boardDescription(item.description),
  completionDate: item.completionDate,
  projectIds: item.projectContexts.map((context) => context.projectId),
});

const find = (id: string): StoredItem | undefined => planBackend.items.find((item) => item.id === id);

export const itemsHandlers = [
  ...kinds.flatMap(([path, itemType]) => [
    http.post(url(`/${path}`), async ({ request }) => {
      const body = (await request.json()) as { projectId: string; project: RequestedAssignment; item: AnyItemFields };
      planBackend.log.push(`create ${body.item.description ?? ''}`);
      return HttpResponse.json(ok(createItem(itemType, body.projectId, body.project, body.item)));
    }),
    http.put(url(`/${path}/:id`), async ({ request, params }) => {
      const body = (await request.json()) as { projectId: string; item: AnyItemFields; version?: number };
      const item = find(String(params.id));
      planBackend.log.push(`update ${String(params.id)}`);
      if (!item) return notFound();
      if (body.version !== undefined && body.version !== item.version) {
        const message = `Someone else changed ${item.externalId} while you were editing it`;
        return HttpResponse.json({ result: 'Failed', message, data: { current: onTheWire(item) } }, { status: 409 });
      }
      Object.assign(item, body.item);
      item.version += 1;
      const answer = { projectPlanContext: planBackend.contextOf(item, body.projectId), version: item.version };
      return HttpResponse.json(ok(answer));
    }),
  ]),
  http.post(url('/all/bulk-create'), async ({ request }) => {
    const body = (await request.json()) as {
      projectId: string;
      items: { itemType: number; item: AnyItemFields; project: RequestedAssignment }[];
    };
    planBackend.log.push(`bulk-create ${body.items.length}`);
    const items = body.items.map(({ itemType, item, project }) => {
      const { rebalancedSortKeys: _keys, ...created } = createItem(itemType, body.projectId, project, item);
      return created;
    });
    return HttpResponse.json(ok({ items }));
  }),
  http.post(url('/all/:id/split'), async ({ request, params }) => {
    const body = (await request.json()) as { projectId: string; descriptions: string[] };
    planBackend.log.push(`split ${String(params.id)} into ${body.descriptions.length}`);
    const item = find(String(params.id));
    if (!item) return notFound();
    const [first, ...rest] = body.descriptions;
    item.description = first!;
    const context = planBackend.contextOf(item, body.projectId)!;
    const bucket = { scope: context.scope, assignedTimeframe: context.assignedTimeframe };
    const items = [
      { id: item.id, linkId: item.linkId, externalId: item.externalId, projectPlanContext: context },
      ...rest.map((description) => {
        const { rebalancedSortKeys: _keys, ...created } = createItem(item.itemType, body.projectId, bucket, {
          description,
        });
        return created;
      }),
    ];
    return HttpResponse.json(ok({ items }));
  }),
  http.get(url('/all/:id'), ({ params }) => {
    planBackend.log.push(`item ${String(params.id)}`);
    const item = find(String(params.id));
    return item ? HttpResponse.json(ok(onTheWire(item))) : notFound();
  }),
  http.delete(url('/all/:id'), ({ params }) => {
    planBackend.log.push(`delete ${String(params.id)}`);
    const item = find(String(params.id));
    if (!item) return notFound();
    planBackend.items = planBackend.items.filter((other) => other !== item);
    planBackend.deleted.push(item);
    return HttpResponse.json(ok());
  }),
  http.post(url('/all/:id/restore'), async ({ request, params }) => {
    const { projectId } = (await request.json()) as { projectId: string };
    planBackend.log.push(`restore ${String(params.id)}`);
    const item = planBackend.deleted.find((other) => other.id === params.id);
    if (!item) return notFound('Nothing to restore');
    planBackend.deleted = planBackend.deleted.filter((other) => other !== item);
    planBackend.items.push(item);
    const context = planBackend.contextOf(item, projectId)!;
    return HttpResponse.json(
      ok({ id: item.id, linkId: item.linkId, externalId: item.externalId, projectPlanContext: context }),
    );
  }),
  http.get(url('/search'), ({ request }) => {
    const query = new URL(request.url).searchParams.get('query') ?? '';
    planBackend.log.push(`team search ${query}`);
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const hits = planBackend.items
      .filter((item) => words.every((word) => `${item.externalId} ${item.description}`.toLowerCase().includes(word)))
      .map(hitOf);
    return HttpResponse.json(ok({ items: hits.slice(0, 20) }));
  }),
  http.get(url('/keys/:key'), ({ params }) => {
    const key = String(params.key).toUpperCase();
    planBackend.log.push(`locate ${key}`);
    const item = planBackend.items.find((other) => other.externalId.toUpperCase() === key);
    if (item) return HttpResponse.json(ok({ found: 'item', item: hitOf(item) }));
    const gone = planBackend.deleted.some((other) => other.externalId.toUpperCase() === key);
    return HttpResponse.json(ok({ found: gone ? 'deleted' : 'unknown' }));
  }),
  http.put(url('/all/:id/complete'), async ({ request, params }) => {
    const { markComplete } = (await request.json()) as { markComplete: boolean };
    planBackend.log.push(`complete ${String(params.id)} ${markComplete}`);
    const item = find(String(params.id));
    if (!item) return notFound();
    item.completionDate = completionDateAfterToggle(markComplete, item.completionDate);
    item.version += 1;
    return HttpResponse.json(ok({ id: item.id, completionDate: item.completionDate, version: item.version }));
  }),
];
