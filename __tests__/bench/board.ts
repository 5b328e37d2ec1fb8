/**
 * Board benchmark: a project of N items (spread over ten buckets) on the real server, loaded in headless
 * Chromium. Per size: navigation → board-ready mark (median of 5 loads), DOM node count, JS heap, and
 * 20 keyboard moves (Space, ↓, Space) measured from drop to the next paint, with where each move's time
 * went (the parts boardPerf.ts measures) and how many frames it took the moved card to be drawn in place.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { ApiClient, median, percentile, startBaton, type DbKind, type RunningServer } from './harness';
import { seedBoard } from './seed';
import { BENCH_FLAG } from '../../src/client/features/board/boardPerf';

export interface BoardResult {
  kind: DbKind;
  items: number;
  readyMs: number[];
  readyMedianMs: number;
  /** Navigation → board-complete (the board's rest merged; BOARD_COMPLETE_MARK), per load and median. */
  completeMs: number[];
  completeMedianMs: number;
  /** Where the load time goes (medians): the board query's time to first byte and its size, and the
   * client's part from the answer's last byte to board-ready. */
  queryTtfbMs: number;
  queryBytes: number;
  /** The same answers decoded (what the browser parses). */
  queryDecodedBytes: number;
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
  /** The same moves, each split into its parts. */
  dropParts: MoveParts;
  shortcutParts: MoveParts;
}

/**
 * One kind of move, move by move: the drop → paint measure's three parts (they add up to it; see
 * boardPerf.ts), and how many frames after the drop the moved card was first drawn in its new place
 * (1: the first frame).
 */
export interface MoveParts {
  handlerMs: number[];
  waitMs: number[];
  frameMs: number[];
  framesToPlace: number[];
}

interface Move {
  total: number;
  handler: number;
  wait: number;
  frame: number;
  frames: number;
}

const emptyParts = (): MoveParts => ({ handlerMs: [], waitMs: [], frameMs: [], framesToPlace: [] });

function addMove(parts: MoveParts, move: Move) {
  parts.handlerMs.push(move.handler);
  parts.waitMs.push(move.wait);
  parts.frameMs.push(move.frame);
  parts.framesToPlace.push(move.frames);
}

/**
 * Counts the frames until a moved card is drawn in its new place. Armed before the key that drops (or
 * moves) the card; that key's keydown, caught before the board's own handlers, asks for an animation
 * frame, and each frame's callback (it runs before the frame is painted, and in the first frame just
 * before the callback boardPerf.ts asks for at the drop) looks whether the DOM shows the card in its
 * column, on the row of its new index, with no drag offset. Until the card is there it asks for the
 * next frame.
 */
const frameWatcher = `(() => {
  if (window.__batonWatch !== undefined) return;
  window.__batonWatch = null;
  const inPlace = (watch) => {
    const card = document.querySelector('[data-card-id="' + watch.id + '"]');
    if (!card || card.style.transform) return false;
    const row = card.closest('li[data-index]');
    const column = card.closest('[data-bucket-key]');
    return !!row && row.dataset.index === String(watch.index) && !!column && column.dataset.bucketKey === watch.key;
  };
  window.addEventListener(
    'keydown',
    (event) => {
      const watch = window.__batonWatch;
      if (!watch || watch.started || event.key !== watch.trigger) return;
      watch.started = true;
      const check = (frame) => {
        if (inPlace(watch)) watch.frames = frame;
        else if (frame >= 30) watch.frames = Infinity;
        else requestAnimationFrame(() => check(frame + 1));
      };
      requestAnimationFrame(() => check(1));
    },
    true,
  );
})()`;

/** Arms the frame watcher for the focused card, which should end up at row `index` of its column. */
const armWatcher = (page: Page, trigger: string, index: number) =>
  page.evaluate(
    ([trigger, index]) => {
      const card = document.activeElement?.closest('[data-card-id]');
      const column = card?.closest('[data-bucket-key]');
      (window as unknown as { __batonWatch: unknown }).__batonWatch = {
        id: card?.getAttribute('data-card-id'),
        key: column?.getAttribute('data-bucket-key'),
        index,
        trigger,
        started: false,
        frames: null,
      };
    },
    [trigger, index] as const,
  );

/** The last move's measures, once its drop → paint measure and its frame count are in. */
async function lastMove(page: Page, before: number): Promise<Move> {
  await page.waitForFunction(
    (count) =>
      performance.getEntriesByName('baton:drop-to-paint').length > count &&
      (window as unknown as { __batonWatch: { frames: number | null } }).__batonWatch.frames !== null,
    before,
  );
  // No named functions inside: the page gets this function's source, without tsx's name helper.
  const [total, handler, wait, frame] = await page.evaluate(() =>
    ['baton:drop-to-paint', 'baton:drop-handler', 'baton:drop-wait-for-frame', 'baton:drop-frame'].map(
      (name) => performance.getEntriesByName(name).at(-1)!.duration,
    ),
  );
  const frames = await page.evaluate(
    () => (window as unknown as { __batonWatch: { frames: number } }).__batonWatch.frames,
  );
  return { total: total!, handler: handler!, wait: wait!, frame: frame!, frames };
}

/** When a mark of boardPerf.ts was first set in this page, once it is. */
async function markMs(page: Page, mark: string, timeout: number): Promise<number> {
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout });
  return page.evaluate((name) => performance.getEntriesByName(name)[0]!.startTime, mark);
}

/** Navigation → the board shows (its head: the first columns on screen). */
const boardReadyMs = (page: Page, timeout = 60_000) => markMs(page, 'baton:board-ready', timeout);

/**
 * Whether the page's build reads the board in two parts (a head, then the rest). A build from before
 * (a baseline) sets no board-complete mark: its board is complete when it is ready.
 */
export function watchTwoPartLoads(page: Page) {
  const seen = { twoParts: false };
  page.on('request', (request) => {
    if (request.url().endsWith('/all/query') && request.postData()?.includes('bucketPage')) seen.twoParts = true;
  });
  return seen;
}

/** Navigation → the board holds every item (its rest merged): moves are measured after it. */
export const boardCompleteMs = (page: Page, twoParts: boolean, readyMs: number, timeout = 60_000) =>
  twoParts ? markMs(page, 'baton:board-complete', timeout) : Promise.resolve(readyMs);

/**
 * The board query of the last load, read once the board is complete: the time to first byte and the
 * last byte's arrival of the answer that showed it (the head, the first part
 * answered), and the bytes of every part (the whole board on the wire).
 */
function queryTiming(page: Page) {
  return page.evaluate(() => {
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.endsWith('/all/query'))
      .sort((a, b) => a.responseEnd - b.responseEnd);
    const entry = entries[0];
    const bytes = entries.reduce((sum, e) => sum + e.encodedBodySize, 0);
    const decoded = entries.reduce((sum, e) => sum + e.decodedBodySize, 0);
    return entry
      ? { ttfb: entry.responseStart - entry.requestStart, bytes, decoded, end: entry.responseEnd }
      : { ttfb: Number.NaN, bytes: 0, decoded: 0, end: Number.NaN };
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
async function keyboardMove(page: Page, attempts = 3): Promise<Move> {
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
  await armWatcher(page, ' ', 1);
  await page.keyboard.press('Space');
  return lastMove(page, before);
}

/** One Alt+↓ (or Alt+↑) move of the focused card, the first of its column; answers move → paint. */
async function shortcutMove(page: Page, key: 'Alt+ArrowDown' | 'Alt+ArrowUp'): Promise<Move> {
  const before = await page.evaluate(() => performance.getEntriesByName('baton:drop-to-paint').length);
  await armWatcher(page, key.slice('Alt+'.length), key === 'Alt+ArrowDown' ? 1 : 0);
  await page.keyboard.press(key);
  return lastMove(page, before);
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const launchChromium = () =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });

/** Signs a user in through the page and waits for the board. */
export async function signInThroughPage(page: Page, base: string, emailAddress: string) {
  await page.goto(base + '/');
  await page.getByLabel(/e-mail/i).fill(emailAddress);
  await page.getByRole('button', { name: /^sign in with test/i }).click();
  await boardReadyMs(page);
}

/**
 * One board of `items` items, already seeded for `emailAddress`, measured in a fresh browser context:
 * `loads` reloads to board-ready, the DOM and heap after them, then `moves` dnd-kit drops and `moves`
 * Alt+↓ / Alt+↑ moves.
 */
export async function measureBoard(
  server: RunningServer,
  browser: Browser,
  emailAddress: string,
  items: number,
  loads = 5,
  moves = 20,
): Promise<BoardResult> {
  const { kind } = server;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Drops are measured only where the benchmark asks (boardPerf.ts BENCH_FLAG).
  await context.addInitScript(`globalThis.${BENCH_FLAG} = true;`);
  const page = await context.newPage();
  const loadsSeen = watchTwoPartLoads(page);
  await signInThroughPage(page, server.base, emailAddress);

  const readyMs: number[] = [];
  const completeMs: number[] = [];
  const ttfbs: number[] = [];
  const clientParts: number[] = [];
  let queryBytes = 0;
  let queryDecodedBytes = 0;
  for (let load = 0; load < loads; load++) {
    await page.reload();
    const ready = await boardReadyMs(page);
    completeMs.push(await boardCompleteMs(page, loadsSeen.twoParts, ready));
    const query = await queryTiming(page);
    readyMs.push(ready);
    ttfbs.push(query.ttfb);
    clientParts.push(ready - query.end);
    queryBytes = query.bytes;
    queryDecodedBytes = query.decoded;
  }
  await page.waitForTimeout(300);
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const cards = await page.evaluate(() => document.querySelectorAll('[data-card-id]').length);
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };

  await page.evaluate(frameWatcher);
  const dropToPaintMs: number[] = [];
  const dropParts = emptyParts();
  for (let move = 0; move < moves; move++) {
    const measured = await keyboardMove(page);
    dropToPaintMs.push(measured.total);
    addMove(dropParts, measured);
  }
  const shortcutMoveMs: number[] = [];
  const shortcutParts = emptyParts();
  await page.locator('[data-bucket-key]').first().locator('[data-card-focus]').first().focus();
  for (let move = 0; move < moves; move++) {
    const measured = await shortcutMove(page, move % 2 === 0 ? 'Alt+ArrowDown' : 'Alt+ArrowUp');
    shortcutMoveMs.push(measured.total);
    addMove(shortcutParts, measured);
    await page.waitForTimeout(50);
  }
  await context.close();
  return {
    kind,
    items,
    readyMs,
    readyMedianMs: median(readyMs),
    completeMs,
    completeMedianMs: median(completeMs),
    queryTtfbMs: median(ttfbs),
    queryBytes,
    queryDecodedBytes,
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
    dropParts,
    shortcutParts,
  };
}

/** 10 Mbit/s down, 40 ms round trip (CDP Network.emulateNetworkConditions). */
export const THROTTLED = { offline: false, latency: 40, downloadThroughput: 1_250_000, uploadThroughput: 1_250_000 };

/**
 * A first visit on a throttled network: a fresh browser context holding only what sign-in stored (no
 * cache, no service worker), one navigation to board-ready. Answers the time and the bytes received.
 */
export async function throttledFirstVisit(server: RunningServer, browser: Browser, emailAddress: string) {
  // Signed in (the session cookie and the persisted session state in localStorage, as the browser kept
  // them at sign-in), with an empty HTTP cache and no service worker.
  const signedIn = await browser.newContext();
  await signInThroughPage(await signedIn.newPage(), server.base, emailAddress);
  const storageState = await signedIn.storageState();
  await signedIn.close();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', THROTTLED);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => (bytes += event.encodedDataLength));
  await page.goto(server.base + '/', { timeout: 120_000 });
  const readyMs = await boardReadyMs(page, 120_000);
  await context.close();
  return { readyMs, bytes };
}

export async function benchBoard(kind: DbKind, sizes: number[], loads = 5, moves = 20): Promise<BoardResult[]> {
  const server = await startBaton(kind);
  const browser = await launchChromium();
  const results: BoardResult[] = [];
  try {
    for (const items of sizes) {
      const emailAddress = `bench-${items}-${Date.now()}@example.com`;
      const seedStart = Date.now();
      await seedBoard(new ApiClient(server.base), emailAddress, items);
      console.log(`  seeded ${items} items on ${kind} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
      const last = await measureBoard(server, browser, emailAddress, items, loads, moves);
      results.push(last);
      console.log(
        `  ${kind} ${items}: ready ${last.readyMedianMs.toFixed(0)} ms, complete ${last.completeMedianMs.toFixed(0)} ms ` +
          `(medians of ${loads}), ${last.domNodes} DOM nodes, ` +
          `${last.cards} cards, heap ${last.heapMb.toFixed(1)} MB, drop → paint p50 ${last.dropP50Ms.toFixed(1)} ms p95 ${last.dropP95Ms.toFixed(1)} ms, ` +
          `Alt+↓ → paint p50 ${last.shortcutP50Ms.toFixed(1)} ms p95 ${last.shortcutP95Ms.toFixed(1)} ms`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return results;
}
