/** Fills a project with items spread over the board's buckets, through the real bulk-create call. */
import { ApiClient } from './harness';

const DAY_MS = 86_400_000;

export interface SeededBoard {
  projectId: string;
  userId: string;
  buckets: number;
}

/** Ten buckets: today, tomorrow, three weeks, two milestones, unscheduled; out of scope a day and unscheduled. */
export function benchBuckets(now = new Date()) {
  const today = Math.floor(now.getTime() / DAY_MS);
  const week = Math.floor((today - 4) / 7);
  return [
    { scope: 0, assignedTimeframe: { span: 0, index: today } },
    { scope: 0, assignedTimeframe: { span: 0, index: today + 1 } },
    { scope: 0, assignedTimeframe: { span: 1, index: week } },
    { scope: 0, assignedTimeframe: { span: 1, index: week + 1 } },
    { scope: 0, assignedTimeframe: { span: 1, index: week + 2 } },
    { scope: 0, assignedTimeframe: { span: 4, index: 0 } },
    { scope: 0, assignedTimeframe: { span: 4, index: 1 } },
    { scope: 0, assignedTimeframe: null },
    { scope: 1, assignedTimeframe: { span: 0, index: today + 3 } },
    { scope: 1, assignedTimeframe: null },
  ];
}

const words = [
  'Checkout',
  'webhooks',
  'importer',
  'onboarding',
  'pricing',
  'agent',
  'hand-off',
  'search',
  'sync',
  'export',
];

export async function seedBoard(client: ApiClient, emailAddress: string, count: number): Promise<SeededBoard> {
  const { activeProjectId: projectId, userId } = await client.signIn(emailAddress);
  // The business plan allows 10,000 items per project; with no payment provider the change is immediate.
  await client.call('PUT', '/v1/accounts/active/plan', { plan: 'business', billingPeriod: 0 });
  const today = Math.floor(Date.now() / DAY_MS);
  const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
  await client.call('PUT', `/v1/teams/active/projects/${projectId}`, {
    milestones: [
      { index: 0, name: 'Private beta', targetDate: iso(today + 40) },
      { index: 1, name: 'Public launch', targetDate: iso(today + 90) },
    ],
  });
  const buckets = benchBuckets();
  for (let start = 0; start < count; start += 500) {
    const items = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const n = start + i;
      return {
        itemType: (n % 3) + 1,
        item: {
          description: `${words[n % words.length]} ${n}: ${words[(n * 7) % words.length]} for the ${words[(n * 3) % words.length]} flow`,
        },
        project: buckets[n % buckets.length]!,
      };
    });
    await client.call('POST', '/v1/teams/active/project-items/all/bulk-create', { projectId, items });
  }
  return { projectId, userId, buckets: buckets.length };
}
