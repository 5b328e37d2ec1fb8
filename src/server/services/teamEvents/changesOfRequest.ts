import type { TeamChange } from '../../../shared/contract/events';

export interface WriteRequest {
  method: string;
  /** The route pattern, e.g. /v1/teams/active/project-items/demos/:id. */
  route: string;
  params: Record<string, string | undefined>;
  body: Record<string, unknown> | undefined;
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
/** The guided flows that add items to a project, and those that change a project's plan or story. */
const AGENT_ITEM_ROUTES = [
  '/v1/agent/add-multiple-items',
  '/v1/agent/add-single-new-item',
  '/v1/agent/split-project-item',
];
const AGENT_PROJECT_ROUTES = [
  '/v1/agent/project-plan',
  '/v1/agent/product-story',
  '/v1/agent/engineering-patterns',
  '/v1/agent/product-patterns',
];

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * What a successful write through the API changed in the active team, for its open boards. Routes
 * that change only the caller's own view (active project, settings, tokens) or nothing on a board
 * (context items, GitHub settings) answer nothing.
 */
export function changesOfRequest({ method, route, params, body }: WriteRequest): TeamChange[] {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return [];
  const projectId = text(body?.['projectId']) ?? text(params['projectId']);
  if (route.endsWith('/all/query') || route === '/v1/teams/active/projects/active') return [];

  if (route.startsWith('/v1/teams/active/project-items/')) {
    const itemId = text(params['id']) ?? text(body?.['itemId']);
    // A create, split or bulk create adds items whose ids the other boards do not know yet.
    const adds = method === 'POST' && !route.endsWith('/send-to-agent');
    return [{ kind: 'items', projectId, itemIds: itemId && !adds ? [itemId] : [] }];
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
  if (AGENT_ITEM_ROUTES.includes(route)) return [{ kind: 'items', projectId, itemIds: [] }];
  if (AGENT_PROJECT_ROUTES.includes(route)) return [{ kind: 'projects', projectId }];
  if (route === '/v1/teams/active/members/:userId' && method === 'DELETE') {
    return [{ kind: 'memberRemoved', userId: params['userId']! }, { kind: 'team' }];
  }
  if (TEAM_ROUTES.includes(route)) return [{ kind: 'team' }];
  return [];
}
