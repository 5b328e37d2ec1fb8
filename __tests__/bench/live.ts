/**
 * Live board benchmark (issue 24): a board of N items open in one browser while another session of the
 * same team renames cards and reorders them through the API. Per change: how long from the writer's
 * answer (the commit) until the open board shows it, what the events stream delivered for it, and how
 * many board queries the open board made meanwhile (a board that patches itself makes none).
 */
import type { Browser, Page } from 'playwright-core';
import { ApiClient, percentile, root, startBaton, type DbKind, type RunningServer } from './harness';
import { boardCompleteMs, launchChromium, signInThroughPage, watchTwoPartLoads } from './board';
import { seedBoard, type SeededBoard } from './seed';

export interface LiveResult {
  kind: DbKind;
  /** Which build: this tree, or a baseline commit. */
  build: string;
  items: number;
  changes: number;
  /** Writer's answer → the open board shows the change, per change (ms). */
  showMs: number[];
  showP50Ms: number;
  showP95Ms: number;
  /** Bytes of the events-stream messages per change (the largest seen). */
  maxEventBytes: number;
  /** Board queries the open board made while the changes arrived. */
  boardQueries: number;
}

const itemPaths: Record<number, string> = { 1: 'demos', 2: 'implementations', 3: 'gtm' };

/** The ids of a column's first two cards, as the open board shows them. */
// No named functions inside the page's functions: the page gets their source, without tsx's name helper.
const firstTwoCards = (page: Page, column: number) =>
  page.evaluate((at) => {
    const columnElement = document.querySelectorAll('[data-bucket-key]')[at]!;
    const [first, second] = [0, 1].map((index) =>
      columnElement.querySelector(`li[data-index="${index}"] [data-card-id]`)!.getAttribute('data-card-id')!,
    );
    return { key: columnElement.getAttribute('data-bucket-key')!, first: first!, second: second! };
  }, column);

/** When (Date.now() in the page) the column's first card is this one, checked every frame. */
const firstCardAt = (page: Page, key: string, id: string) =>
  page
    .waitForFunction(
      ([key, id]) =>
        document.querySelector(`[data-bucket-key="${key}"] li[data-index="0"] [data-card-id="${id}"]`) !== null &&
        Date.now(),
      [key, id] as const,
      { polling: 'raf', timeout: 10_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

/** When (Date.now() in the page) the card shows this text, checked every frame. */
const textAt = (page: Page, id: string, text: string) =>
  page
    .waitForFunction(
      ([id, text]) =>
        (document.querySelector(`[data-card-id="${id}"]`)?.textContent ?? '').includes(text) && Date.now(),
      [id, text] as const,
      { polling: 'raf', timeout: 10_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

export async function measureLive(
  server: RunningServer,
  browser: Browser,
  emailAddress: string,
  seeded: SeededBoard,
  items: number,
  changes = 20,
  build = 'this tree',
): Promise<LiveResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const loads = watchTwoPartLoads(page);
  await signInThroughPage(page, server.base, emailAddress);
  await boardCompleteMs(page, loads.twoParts, 0);
  await page.waitForTimeout(500);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let eventBytes = 0;
  let maxEventBytes = 0;
  cdp.on('Network.eventSourceMessageReceived', (message: { eventName: string; data: string }) => {
    if (message.eventName === 'change') eventBytes += Buffer.byteLength(message.data);
  });
  let boardQueries = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/all/query')) boardQueries += 1;
  });

  const writer = new ApiClient(server.base);
  await writer.signIn(emailAddress);
  const showMs: number[] = [];
  for (let change = 0; change < changes; change++) {
    eventBytes = 0;
    const { key, first, second } = await firstTwoCards(page, change % 3);
    let committed: number;
    let shown: Promise<number>;
    if (change % 2 === 0) {
      // A reorder: the column's second card goes first.
      shown = firstCardAt(page, key, second);
      await writer.call('PUT', `/v1/teams/active/projects/${seeded.projectId}/all/${second}/project-context`, {
        orderUpdate: { leftNeighborId: null, rightNeighborId: first },
      });
      committed = Date.now();
    } else {
      const text = `Renamed live ${change}`;
      const item = await writer.call<{ itemType: number }>('GET', `/v1/teams/active/project-items/all/${first}`);
      shown = textAt(page, first, text);
      await writer.call('PUT', `/v1/teams/active/project-items/${itemPaths[item.itemType]}/${first}`, {
        projectId: seeded.projectId,
        item: { description: text },
      });
      committed = Date.now();
    }
    showMs.push(Math.max(0, (await shown) - committed));
    await page.waitForTimeout(200);
    maxEventBytes = Math.max(maxEventBytes, eventBytes);
  }
  await context.close();
  return {
    kind: server.kind,
    build,
    items,
    changes,
    showMs,
    showP50Ms: percentile(showMs, 50),
    showP95Ms: percentile(showMs, 95),
    maxEventBytes,
    boardQueries,
  };
}

/** The live board of `items` items on this tree and, when given, on a baseline build (prepareBaseline). */
export async function benchLive(
  kind: DbKind,
  items: number,
  changes: number,
  baseline?: { commit: string; dir: string },
): Promise<LiveResult[]> {
  const builds = [
    ...(baseline ? [{ build: baseline.commit.slice(0, 7), from: baseline.dir }] : []),
    { build: 'this tree', from: root },
  ];
  const browser = await launchChromium();
  const results: LiveResult[] = [];
  try {
    for (const { build, from } of builds) {
      const server = await startBaton(kind, from);
      try {
        const emailAddress = `live-${items}-${Date.now()}@example.com`;
        const seeded = await seedBoard(new ApiClient(server.base), emailAddress, items);
        const result = await measureLive(server, browser, emailAddress, seeded, items, changes, build);
        results.push(result);
        console.log(
          `  ${kind} ${items} (${build}): shown p50 ${result.showP50Ms.toFixed(0)} ms p95 ${result.showP95Ms.toFixed(0)} ms, ` +
            `≤ ${result.maxEventBytes} B per change, ${result.boardQueries} board queries for ${changes} changes`,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
