import { expect, type Page } from '@playwright/test';

/** A JSON call as the app makes it (same origin, the page's session), answering the envelope's data. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(`/v1${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A demo in the project's unscheduled in-scope bucket. */
export const createItem = (page: Page, projectId: string, description: string) =>
  api<{ id: string; externalId: string }>(page, 'POST', '/teams/active/project-items/demos', {
    projectId,
    project: { scope: 0, assignedTimeframe: null },
    item: { description },
  });

/** The signed-in member's active project. */
export const activeProjectId = async (page: Page) =>
  (await api<{ userContext: { activeProjectId: string } }>(page, 'GET', '/user/core-application-context')).userContext
    .activeProjectId;
