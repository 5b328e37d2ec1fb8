import type { TeamChange } from '../../../shared/contract/events';

export interface WriteRequest {
  method: string;
  /** The route pattern, e.g. /v1/teams/active/project-items/demos/:id. */
  route: string;
  params: Record<string, string | undefined>;
  body: Record<string, unknown> | undefined;
  /** The items the write created, when its handler said (so boards add them without reading the board). */
  createdItemIds?: readonly string[] | null;
}

const TEAM_ROUTES = [
  '/v1/teams/active/name',
  '/v1/teams/active/global-team-data',
  '/v1/teams/active/go-to-market-plan',
  '/v1/teams/active/members',
  '/v1/teams/active/members/invites',
  '/v1/teams/active/members/:userId/role',
  '/v1/accounts/active/plan',
  '/v1/accounts/active/plan/add-ons',
];
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * What a successful write through the API changed in the active team, for its open boards. Routes
 * that change only the caller's own view (active project, settings, tokens) or nothing on a board
 * (context items, GitHub settings) answer nothing.
 */
export function changesOfRequest({ method, route, params, body, createdItemIds }: WriteRequest): TeamChange[] {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return [];
  const projectId = text(body?.['projectId']) ?? text(params['projectId']);
  if (route.endsWith('/all/query') || route === '/v1/teams/active/projects/active') return [];

  if (route.startsWith('/v1/teams/active/project-items/')) {
    const itemId = text(params['id']) ?? text(body?.['itemId']);
    const adds = method === 'POST' && !route.endsWith('/send-to-agent');
    // A create, split or bulk create whose handler did not name what it added: any item of the project.
    if (adds && !createdItemIds) return [{ kind: 'items', projectId, itemIds: [] }];
    return [{ kind: 'items', projectId, itemIds: [...(itemId ? [itemId] : []), ...(createdItemIds ?? [])] }];
  }
  if (route === '/v1/teams/active/projects/:projectId/all/:itemId/project-context') {
    return [{ kind: 'items', projectId, itemIds: [params['itemId']!] }];
  }
  if (route.startsWith('/v1/teams/active/projects')) {
    const id = text(params['id']) ?? projectId;
    // Deleting a project moves its items to another project.
    return method === 'DELETE'
      ? [
          { kind: 'projects', projectId: id },
          { kind: 'items', projectId: text(body?.['transferItemsToProjectId']), itemIds: [] },
        ]
      : [{ kind: 'projects', projectId: id }];
  }
  if (route === '/v1/teams/active/members/:userId' && method === 'DELETE') {
    return [{ kind: 'memberRemoved', userId: params['userId']! }, { kind: 'team' }];
  }
  if (TEAM_ROUTES.includes(route)) return [{ kind: 'team' }];
  return [];
}
