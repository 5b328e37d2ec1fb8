/**
 * Board benchmark: a project of N items (spread over ten buckets) on the real server, loaded in headless
 * Chromium. Per size: navigation → board-ready mark (median of 5 loads), DOM node count, JS heap, and
 * 20 keyboard moves (Space, ↓, Space) measured from drop to the next paint.
 */
import { chromium, type Page } from 'playwright-core';
import { ApiClient, median, percentile, startBaton, type DbKind } from './harness';
import { seedBoard } from './seed';

export interface BoardResult {
  kind: DbKind;
  items: number;
  readyMs: number[];
  readyMedianMs: number;
  /** Where the load time goes (medians): the board query's time to first byte and its size, and the
   * client's part from the answer's last byte to board-ready. */
  queryTtfbMs: number;
  queryBytes: number;
  clientAfterAnswerMs: number;
  domNodes: number;
  /** Cards in the DOM, to show the columns stay virtualised. */
  cards: number;
  heapMb: number;
  dropToPaintMs: number[];
  dropP50Ms: number;
  dropP95Ms: number;
  /** The same move with the Alt+↓ / Alt+↑ shortcut, which goes straight to the store (no dnd-kit). */
  shortcutMoveMs: number[];
  shortcutP50Ms: number;
  shortcutP95Ms: number;
}

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function boardReadyMs(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('baton:board-ready').length > 0, undefined, {
    timeout: 60_000,
  });
  return page.evaluate(() => performance.getEntriesByName('baton:board-ready')[0]!.startTime);
}

/** The board query of the last load: time to first byte, bytes, and when its last byte arrived. */
function queryTiming(page: Page) {
  return page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/all/query')) as
      PerformanceResourceTiming | undefined;
    return entry
      ? { ttfb: entry.responseStart - entry.requestStart, bytes: entry.encodedBodySize, end: entry.responseEnd }
      : { ttfb: Number.NaN, bytes: 0, end: Number.NaN };
  });
}

const liveRegionSays = (page: Page, pattern: string) =>
  page.waitForFunction(
    (source) =>
      [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((e) => new RegExp(source).test(e.textContent ?? '')),
    pattern,
    { timeout: 5_000 },
  );

/** One keyboard move of the first card of the first column: Space, ↓, Space; answers drop → paint. */
async function keyboardMove(page: Page, attempts = 3): Promise<number> {
  const before = await page.evaluate(() => performance.getEntriesByName('baton:drop-to-paint').length);
  const first = page.locator('[data-bucket-key]').first().locator('[data-card-focus]').first();
  await first.focus();
  await page.keyboard.press('Space');
  try {
    await liveRegionSays(page, 'Picked up');
    // dnd-kit measures the droppables just after the pick-up; a key pressed before that finds none.
    await page.waitForTimeout(100);
    await page.keyboard.press('ArrowDown');
    await liveRegionSays(page, 'is over');
  } catch (error) {
    await page.keyboard.press('Escape');
    if (attempts <= 1) throw error;
    await page.waitForTimeout(300);
    return keyboardMove(page, attempts - 1);
  }
  await page.keyboard.press('Space');
  await page.waitForFunction((count) => performance.getEntriesByName('baton:drop-to-paint').length > count, before);
  return page.evaluate(() => performance.getEntriesByName('baton:drop-to-paint').at(-1)!.duration);
}

/** One Alt+↓ (or Alt+↑) move of the focused card; answers move → paint. */
async function shortcutMove(page: Page, key: 'Alt+ArrowDown' | 'Alt+ArrowUp'): Promise<number> {
  const before = await page.evaluate(() => performance.getEntriesByName('baton:drop-to-paint').length);
  await page.keyboard.press(key);
  await page.waitForFunction((count) => performance.getEntriesByName('baton:drop-to-paint').length > count, before);
  return page.evaluate(() => performance.getEntriesByName('baton:drop-to-paint').at(-1)!.duration);
}

export async function benchBoard(kind: DbKind, sizes: number[], loads = 5, moves = 20): Promise<BoardResult[]> {
  const server = await startBaton(kind);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const results: BoardResult[] = [];
  try {
    for (const items of sizes) {
      const emailAddress = `bench-${items}-${Date.now()}@example.com`;
      const seedStart = Date.now();
      await seedBoard(new ApiClient(server.base), emailAddress, items);
      console.log(`  seeded ${items} items on ${kind} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(server.base + '/');
      await page.getByLabel(/e-mail/i).fill(emailAddress);
      await page.getByRole('button', { name: /^sign in with test/i }).click();
      await boardReadyMs(page);

      const readyMs: number[] = [];
      const ttfbs: number[] = [];
      const clientParts: number[] = [];
      let queryBytes = 0;
      for (let load = 0; load < loads; load++) {
        await page.reload();
        const ready = await boardReadyMs(page);
        const query = await queryTiming(page);
        readyMs.push(ready);
        ttfbs.push(query.ttfb);
        clientParts.push(ready - query.end);
        queryBytes = query.bytes;
      }
      await page.waitForTimeout(300);
      const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
      const cards = await page.evaluate(() => document.querySelectorAll('[data-card-id]').length);
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };

      const dropToPaintMs: number[] = [];
      for (let move = 0; move < moves; move++) dropToPaintMs.push(await keyboardMove(page));
      const shortcutMoveMs: number[] = [];
      await page.locator('[data-bucket-key]').first().locator('[data-card-focus]').first().focus();
      for (let move = 0; move < moves; move++) {
        shortcutMoveMs.push(await shortcutMove(page, move % 2 === 0 ? 'Alt+ArrowDown' : 'Alt+ArrowUp'));
        await page.waitForTimeout(50);
      }
      await context.close();
      results.push({
        kind,
        items,
        readyMs,
        readyMedianMs: median(readyMs),
        queryTtfbMs: median(ttfbs),
        queryBytes,
        clientAfterAnswerMs: median(clientParts),
        domNodes,
        cards,
        heapMb: heap.usedSize / 1024 / 1024,
        dropToPaintMs,
        dropP50Ms: percentile(dropToPaintMs, 50),
        dropP95Ms: percentile(dropToPaintMs, 95),
        shortcutMoveMs,
        shortcutP50Ms: percentile(shortcutMoveMs, 50),
        shortcutP95Ms: percentile(shortcutMoveMs, 95),
      });
      const last = results.at(-1)!;
      console.log(
        `  ${kind} ${items}: ready ${last.readyMedianMs.toFixed(0)} ms (median of ${loads}), ${domNodes} DOM nodes, ` +
          `${cards} cards, heap ${last.heapMb.toFixed(1)} MB, drop → paint p50 ${last.dropP50Ms.toFixed(1)} ms p95 ${last.dropP95Ms.toFixed(1)} ms, ` +
          `Alt+↓ → paint p50 ${last.shortcutP50Ms.toFixed(1)} ms p95 ${last.shortcutP95Ms.toFixed(1)} ms`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return results;
}
