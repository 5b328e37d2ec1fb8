/**
 * npm run bench [-- --only=bundle,board,live,api,sortkeys] [--quick] [--live-baseline=<commit>]
 * npm run bench -- --baseline=<commit> [--quick] [--memory-minutes=10] [--keep-baseline] [--only=pglite|postgres,api|board]
 * Runs the benchmarks of issue 3 and writes docs/benchmarks.md (with the machine they ran on). With
 * --baseline, runs issue 14's comparison instead (compare.ts): this tree against that commit, side by
 * side, each target a ratio; the other sections keep their last figures.
 * Needs PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL) for the PostgreSQL rows, and Chromium at
 * /usr/bin/chromium (or CHROMIUM_PATH) for the board; sections that cannot run say so in the report.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import * as prettier from 'prettier';
import { benchApi, type ApiResult } from './api';
import { benchBoard, type BoardResult, type MoveParts } from './board';
import { kb, measureBundles, type BundleResult } from './bundleSize';
import { percentile, POSTGRES_URL, postgresAvailable, root, type DbKind } from './harness';
import { benchSortKeys, type SortKeyResult } from './sortKeys';
import { benchLive, type LiveResult } from './live';
import { prepareBaseline } from './baseline';
import { comparedParts, compareWithBaseline, type ComparedPart } from './compare';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const baseline = option('baseline');
const wanted = (section: string) => !baseline && (!only || only.includes(section));

async function machine() {
  const cpus = os.cpus();
  let chromium = 'not found';
  try {
    chromium = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => /chromium/i.test(line))
      .join(' ')
      .trim();
  } catch {
    // reported as not found
  }
  let postgres = 'not reachable';
  const client = new Client({ connectionString: POSTGRES_URL });
  try {
    await client.connect();
    postgres = ((await client.query('select version()')).rows[0] as { version: string }).version.split(',')[0]!;
  } catch {
    // reported as not reachable
  } finally {
    await client.end().catch(() => undefined);
  }
  const pglite = (
    JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  return {
    cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length} (${os.arch()})`,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(0)} GB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium,
    postgres,
    pglite: `PGlite ${pglite}`,
  };
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');

function boardSection(results: BoardResult[]) {
  const lines = [
    '| Database | Items | Navigation → board-ready (median) | Navigation → board-complete (median) | Loads (ms) | DOM nodes | Cards in DOM | JS heap | Drop → paint p50 / p95 (dnd-kit: Space, ↓, Space) | Move → paint p50 / p95 (Alt+↓ shortcut) |',
    '|---|---:|---:|---:|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.kind} | ${r.items.toLocaleString('en')} | ${ms(r.readyMedianMs)} | ${ms(r.completeMedianMs)} | ${r.readyMs.map((v) => v.toFixed(0)).join(', ')} | ${r.domNodes} | ${r.cards} | ${r.heapMb.toFixed(1)} MB | ${ms(r.dropP50Ms)} / ${ms(r.dropP95Ms)} | ${ms(r.shortcutP50Ms)} / ${ms(r.shortcutP95Ms)} |`,
    ),
  ];
  lines.push(
    '',
    'Where a load goes (medians): the board query’s time to first byte on the server (of the head, the part that shows the board), its size (both parts), and the client’s part from the head’s last byte to board-ready.',
    '',
    '| Database | Items | Query time to first byte | Query size | Client, answer → board-ready |',
    '|---|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.kind} | ${r.items.toLocaleString('en')} | ${ms(r.queryTtfbMs)} | ${(r.queryBytes / 1e6).toFixed(2)} MB | ${ms(r.clientAfterAnswerMs)} |`,
    ),
  );
  const pair = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))}`;
  const frames = (counts: number[]) => {
    const first = counts.filter((count) => count === 1).length;
    if (first === counts.length) return `the first, all ${counts.length}`;
    const worst = Math.max(...counts);
    return `the first for ${first} of ${counts.length}; the rest by frame ${Number.isFinite(worst) ? worst : '— (not within 30)'}`;
  };
  const partsRow = (r: BoardResult, move: string, totals: number[], parts: MoveParts) =>
    `| ${r.kind} | ${r.items.toLocaleString('en')} | ${move} | ${pair(totals)} | ${pair(parts.handlerMs)} | ${pair(parts.waitMs)} | ${pair(parts.frameMs)} | ${frames(parts.framesToPlace)} |`;
  lines.push(
    '',
    'Where a move’s time goes: the same moves, each split into three consecutive parts that add up to its drop → paint time ' +
      '(`src/client/features/board/boardPerf.ts`). **Handler**: from the drop to the end of the task that handled it — ' +
      'dnd-kit, the store update and React’s render and commit of it (React renders in a microtask of that task). ' +
      '**Wait for the frame**: from there to the next frame’s animation-frame callbacks. A frame starts on the display’s ' +
      'refresh (every 16.7 ms), so this is up to one frame even when nothing else runs; a task that runs first (such as ' +
      'the key’s keyup) counts here too. **The frame**: from there to the task queued from that callback, which ends the ' +
      'drop → paint measure: the frame’s style, layout, paint and commit, and that task’s own wait (Chromium may hold ' +
      'it until one more frame when a key event, such as the keyup, arrived meanwhile). **Frames until drawn in place**: in how many ' +
      'of the moves the moved card was already in its new place (its column, its new row, no drag offset) in the DOM of ' +
      'the first frame after the drop. Each column gives p50 / p95 over the moves; percentiles of parts do not add up ' +
      'to the percentiles of the whole. The target’s verdict below is on the drop → paint figure alone.',
    '',
    '| Database | Items | Move | Drop → paint p50 / p95 | Handler p50 / p95 | Wait for the frame p50 / p95 | The frame p50 / p95 | Frames until drawn in place |',
    '|---|---:|---|---:|---:|---:|---:|---|',
    ...results.flatMap((r) => [
      partsRow(r, 'dnd-kit: Space, ↓, Space', r.dropToPaintMs, r.dropParts),
      partsRow(r, 'Alt+↓ / Alt+↑ shortcut', r.shortcutMoveMs, r.shortcutParts),
    ]),
  );
  const checks: string[] = [];
  for (const kind of new Set(results.map((r) => r.kind))) {
    const small = results.find((r) => r.kind === kind && r.items === 1000);
    const large = results.find((r) => r.kind === kind && r.items === 10_000);
    if (large)
      checks.push(
        `- ${kind}: 10,000 items ready ≤ 1.0 s — ${verdict(large.readyMedianMs <= 1000)} (${ms(large.readyMedianMs)}).`,
      );
    if (small && large) {
      const growth = (large.domNodes - small.domNodes) / small.domNodes;
      checks.push(
        `- ${kind}: DOM nodes at 10,000 within 10% of 1,000 — ${verdict(Math.abs(growth) <= 0.1)} (${small.domNodes} → ${large.domNodes}).`,
      );
    }
    const worst = Math.max(...results.filter((r) => r.kind === kind).map((r) => r.dropP95Ms));
    const worstShortcut = Math.max(...results.filter((r) => r.kind === kind).map((r) => r.shortcutP95Ms));
    checks.push(
      `- ${kind}: drop → paint ≤ 16.7 ms p95 — ${verdict(worst <= 16.7)} for a dnd-kit drop (worst p95 ${ms(worst)}); ${verdict(worstShortcut <= 16.7)} for the Alt+↓ keyboard move (worst p95 ${ms(worstShortcut)}).`,
    );
  }
  return [...lines, '', ...checks].join('\n');
}

function liveSection(results: LiveResult[]) {
  const lines = [
    "| Database | Items | Changes (reorders and renames, from another session) | Writer's answer → shown p50 / p95 | Largest event per change | Board queries by the open board |",
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.kind} | ${r.items.toLocaleString('en')} | ${r.changes} | ${ms(r.showP50Ms)} / ${ms(r.showP95Ms)} | ${r.maxEventBytes.toLocaleString('en')} B | ${r.boardQueries} |`,
    ),
  ];
  const checks = results
    .filter((r) => r.build === 'this tree')
    .map(
      (r) =>
        `- ${r.kind} ${r.items.toLocaleString('en')}: no board query, ≤ 2 KB per change, shown within 300 ms at p95 — ${verdict(r.boardQueries === 0 && r.maxEventBytes <= 2048 && r.showP95Ms <= 300)}.`,
    );
  return [...lines, '', ...checks].join('\n');
}

function apiSection(results: ApiResult[]) {
  const row = (kind: DbKind, name: string, load: ApiResult['move'], bare?: ApiResult['move']) =>
    `| ${kind} | ${name} | ${load.requestsPerSecond.toFixed(0)} | ${load.p50Ms} ms | ${load.p99Ms} ms | ${bare ? `${((load.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)}%` : ''} | ${load.errors + load.non2xx} |`;
  const lines = [
    '| Database | Call | req/s | p50 | p99 | Share of the bare route | Errors |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...results.flatMap((r) => [
      row(r.kind, 'move (PUT …/project-context)', r.move, r.bareMove),
      row(r.kind, 'bare route, same JSON size', r.bareMove),
      row(r.kind, 'query (POST …/all/query, 100 items)', r.query, r.bareQuery),
      row(r.kind, 'bare route, same JSON size', r.bareQuery),
      row(r.kind, 'move held at 200 req/s', r.moveAt200),
    ]),
  ];
  const checks = results.flatMap((r) => {
    const share = r.move.requestsPerSecond / r.bareMove.requestsPerSecond;
    const limit = r.kind === 'postgres' ? 10 : 20;
    return [
      `- ${r.kind}: move ≥ 30% of the bare route — ${verdict(share >= 0.3)} (${(share * 100).toFixed(1)}%).`,
      `- ${r.kind}: move p99 ≤ ${limit} ms at 200 req/s — ${verdict(r.moveAt200.p99Ms <= limit && r.moveAt200.requestsPerSecond >= 190)} (p99 ${r.moveAt200.p99Ms} ms at ${r.moveAt200.requestsPerSecond.toFixed(0)} req/s achieved).`,
    ];
  });
  return [...lines, '', ...checks].join('\n');
}

function bundleSection(results: BundleResult[]) {
  const lines = [
    '| Route | Initial JS (gzip) | Budget | Status | Files |',
    '|---|---:|---:|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${kb(r.gzipBytes)} | ${r.limitKb} kB (+${r.tolerance * 100}%) | ${r.status} | ${r.files.map((f) => `${f.file.replace(/\.[0-9a-f]{20}\.js$/, '.js')} ${kb(f.gzipBytes)}`).join(', ')} |`,
    ),
  ];
  return [
    ...lines,
    '',
    ...results.map((r) => `- ${r.name} ≤ ${r.limitKb} kB — ${verdict(r.gzipBytes <= r.limitKb * 1000)}.`),
  ].join('\n');
}

function sortKeySection(results: SortKeyResult[]) {
  const lines = [
    '| Database | Appends to one bucket | Rebalances | Key rows written per move (amortised) | History rows per move | Rebalance of 1,000 | Rebalance of 10,000 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => {
      const at = (items: number) => r.rebalanceMs.find((x) => x.items === items);
      const cell = (items: number) => (at(items) ? ms(at(items)!.medianMs) : '—');
      return `| ${r.kind} | ${r.appends} | ${r.rebalances} | ${r.keyRowsPerMove.toFixed(1)} | ${r.historyRowsPerMove} | ${cell(1000)} | ${cell(10_000)} |`;
    }),
  ];
  const pg = results.find((r) => r.kind === 'postgres')?.rebalanceMs.find((x) => x.items === 1000);
  return [
    ...lines,
    '',
    '- A rebalance is one set-based statement (`UPDATE … FROM (SELECT row_number() OVER …)`, `rebalanceBucket` in `src/server/repositories/projectContexts.ts`) — **met**.',
    pg
      ? `- Rebalance of 1,000 items ≤ 40 ms on PostgreSQL — ${verdict(pg.medianMs <= 40)} (${ms(pg.medianMs)}, median of ${pg.runs.length}).`
      : '- PostgreSQL not reachable: no PostgreSQL rebalance figure.',
    '- The client applies `rebalancedSortKeys` in one state update (`itemMoveConfirmed` in `src/client/features/items/itemsSlice.ts`; tested in `__tests__/client/items/rollback.test.ts`) — **met**.',
  ].join('\n');
}

async function main() {
  const started = new Date();
  const loadBefore = os.loadavg();
  const info = await machine();
  const pg = await postgresAvailable();
  const kinds: DbKind[] = pg ? ['pglite', 'postgres'] : ['pglite'];
  const sections: string[] = [];
  const previous = (() => {
    try {
      return readFileSync(path.join(root, 'docs/benchmarks.md'), 'utf8');
    } catch {
      return '';
    }
  })();
  const keep = (title: string) => {
    // A section not run this time keeps its last figures.
    const match = new RegExp(`(## ${title.replace(/[()]/g, '\\$&')}[\\s\\S]*?)(?=\\n## |\\n<!-- end -->|$)`).exec(
      previous,
    );
    return match ? match[1]!.trimEnd() : `## ${title}\n\nNot run yet.`;
  };

  if (wanted('bundle')) {
    console.log('Bundle sizes…');
    sections.push(`## Bundle\n\n${bundleSection(await measureBundles())}`);
  } else sections.push(keep('Bundle'));

  if (wanted('board')) {
    console.log('Board in Chromium…');
    const results: BoardResult[] = [];
    for (const kind of quick ? (['postgres'] as DbKind[]).filter((k) => kinds.includes(k)) : kinds) {
      results.push(...(await benchBoard(kind, quick ? [1000] : [1000, 10_000], quick ? 3 : 5, quick ? 5 : 20)));
    }
    sections.push(`## Board\n\n${boardSection(results)}`);
  } else sections.push(keep('Board'));

  if (wanted('live')) {
    console.log('Live board in Chromium…');
    const results: LiveResult[] = [];
    const liveBaseline = option('live-baseline');
    const against = liveBaseline ? prepareBaseline(liveBaseline) : undefined;
    for (const kind of kinds) results.push(...(await benchLive(kind, quick ? 1000 : 10_000, quick ? 6 : 20, against)));
    sections.push(`## Live board\n\n${liveSection(results)}`);
  } else sections.push(keep('Live board'));

  if (wanted('api')) {
    console.log('API under autocannon…');
    const results: ApiResult[] = [];
    for (const kind of kinds) results.push(await benchApi(kind, quick ? 3 : 10));
    sections.push(`## API\n\n${apiSection(results)}`);
  } else sections.push(keep('API'));

  if (wanted('sortkeys')) {
    console.log('Sort keys…');
    const results: SortKeyResult[] = [];
    for (const kind of kinds)
      results.push(await benchSortKeys(kind, quick ? 200 : 1000, quick ? [1000] : [1000, 10_000], quick ? 3 : 7));
    sections.push(`## Sort keys\n\n${sortKeySection(results)}`);
  } else sections.push(keep('Sort keys'));

  if (baseline) {
    const section = await compareWithBaseline({
      commit: baseline,
      kinds: kinds.filter((kind) => !only?.some((part) => kinds.includes(part as DbKind)) || only.includes(kind)),
      parts: comparedParts.filter(
        (part) => !only?.some((name) => comparedParts.includes(name as ComparedPart)) || only.includes(part),
      ),
      quick,
      memoryMinutes: Number(option('memory-minutes') ?? (quick ? 1 : 10)),
      keepBaseline: args.includes('--keep-baseline'),
    });
    sections.push(`## Against the baseline (issue 14)\n\n${section}`);
  } else sections.push(keep('Against the baseline (issue 14)'));

  const loadAfter = os.loadavg();
  const notes = readFileSync(path.join(__dirname, 'benchmarks-notes.md'), 'utf8').trim();
  const ranAny = Boolean(baseline) || ['bundle', 'board', 'live', 'api', 'sortkeys'].some(wanted);
  const previousHeader = /^# Benchmarks[\s\S]*?(?=\n## Bundle)/.exec(previous)?.[0];
  const header = `# Benchmarks

Written by \`npm run bench\` (\`__tests__/bench/run.ts\`)${quick ? ' in --quick mode (fewer items, loads and seconds)' : ''}, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC. Targets are issue 3's; the comparison against a baseline is issue 14's and issue 28's.${baseline ? ' This run measured only the comparison against a baseline; the other sections keep their last figures.' : ''}

## Machine

| | |
|---|---|
| CPU | ${info.cpu} |
| Memory | ${info.memory} |
| OS | ${info.os} |
| Node | ${info.node} |
| Browser | ${info.chromium}, headless, \`--disable-gpu\` (software rendering) |
| Databases | ${info.pglite}; ${info.postgres} on 127.0.0.1 |
| Load average (1/5/15 min) | ${loadBefore.map((v) => v.toFixed(1)).join(' / ')} at the start, ${loadAfter.map((v) => v.toFixed(1)).join(' / ')} at the end |`;
  // Nothing measured (only the notes changed): the header keeps the machine and time of the figures.
  const report = `${!ranAny && previousHeader ? previousHeader.trimEnd() : header}

${sections.join('\n\n')}

${notes}
`;
  // Written as Prettier would, so `npm run lint` (prettier --check) stays green.
  const target = path.join(root, 'docs/benchmarks.md');
  const options = (await prettier.resolveConfig(target)) ?? {};
  writeFileSync(target, await prettier.format(report, { ...options, filepath: target }));
  console.log('Wrote docs/benchmarks.md');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
