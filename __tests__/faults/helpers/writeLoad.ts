import { sleep } from './serverProcess';

/** One signed-in user with their own team and project (so no writer hits another's item quota). */
export interface Writer {
  cookie: string;
  projectId: string;
}

export async function signIn(base: string, emailAddress: string): Promise<Writer> {
  const response = await fetch(`${base}/v1/auth/test-authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const context = (await response.json()).data.coreApplicationContext;
  return { cookie, projectId: context.availableProjects[0].id };
}

export interface Answer {
  at: number;
  status: number; // 0: no answer (connection refused or reset, or no answer within the request timeout)
  ms: number;
  retryAfter?: string | null;
  result?: string;
}

/**
 * Writers creating items in a loop, each as its own user. Every id the server acknowledged (200 Ok)
 * is kept, and every bulk create's marker with its answer, so a test can check nothing acknowledged
 * was lost and no bulk create was half-written.
 */
export class WriteLoad {
  readonly acknowledged: string[] = [];
  /** Bulk creates by marker: acknowledged or not; each put 3 items whose descriptions start with the marker. */
  readonly bulks = new Map<string, boolean>();
  readonly answers: Answer[] = [];
  /** Every user the load wrote as (a writer moves to a fresh user when its project's item quota is full). */
  readonly identities: Writer[];
  private running = false;
  private loops: Promise<void>[] = [];
  private counter = 0;

  constructor(
    private base: string,
    private writers: Writer[],
    private requestTimeoutMs = 15_000,
  ) {
    this.identities = [...writers];
  }

  start() {
    this.running = true;
    this.loops = this.writers.map((writer, index) => this.loop(writer, index));
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Answers since `since` (Date.now() value). */
  answersSince(since: number) {
    return this.answers.filter((answer) => answer.at >= since);
  }

  private async loop(first: Writer, index: number) {
    let writer = first;
    let quotaFull = false;
    while (this.running) {
      if (quotaFull) {
        try {
          writer = await signIn(this.base, `load-${index}-${this.counter}@example.com`);
          this.identities.push(writer);
          quotaFull = false;
        } catch {
          await sleep(200);
          continue;
        }
      }
      const n = (this.counter += 1);
      const bulk = n % 4 === 0;
      const marker = `w${index}-${n}`;
      const path = bulk ? '/v1/teams/active/project-items/all/bulk-create' : '/v1/teams/active/project-items/demos';
      const body = bulk
        ? {
            projectId: writer.projectId,
            items: [1, 2, 3].map((part) => ({
              itemType: 1,
              item: { description: `${marker}-${part}` },
              project: { scope: 1, assignedTimeframe: null },
            })),
          }
        : {
            projectId: writer.projectId,
            project: { scope: 1, assignedTimeframe: null },
            item: { description: marker },
          };
      if (bulk) this.bulks.set(marker, false);
      const started = Date.now();
      try {
        const response = await fetch(`${this.base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: writer.cookie },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(this.requestTimeoutMs),
        });
        const answer = await response.json().catch(() => ({}));
        this.answers.push({
          at: started,
          status: response.status,
          ms: Date.now() - started,
          retryAfter: response.headers.get('retry-after'),
          result: answer.result,
        });
        if (response.status === 200) {
          const ids: string[] = bulk ? answer.data.items.map((item: { id: string }) => item.id) : [answer.data.id];
          this.acknowledged.push(...ids);
          if (bulk) this.bulks.set(marker, true);
        } else {
          quotaFull = response.status === 402;
          await sleep(50);
        }
      } catch {
        this.answers.push({ at: started, status: 0, ms: Date.now() - started });
        await sleep(100);
      }
    }
  }
}

/** The ids and descriptions of every item on each writer's board, read through the API. */
export async function itemsOnBoards(base: string, writers: Writer[]): Promise<{ id: string; description: string }[]> {
  const all: { id: string; description: string }[] = [];
  for (const writer of writers) {
    const response = await fetch(`${base}/v1/teams/active/projects/${writer.projectId}/all/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: writer.cookie },
      body: '{}',
    });
    if (response.status !== 200) throw new Error(`board query failed: ${response.status} ${await response.text()}`);
    all.push(...(await response.json()).data.items);
  }
  return all;
}
