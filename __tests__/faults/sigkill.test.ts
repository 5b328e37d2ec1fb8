import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sleep, startServer, waitFor } from './helpers/serverProcess';
import { itemsOnBoards, signIn, WriteLoad } from './helpers/writeLoad';
import { createDatabase, databaseUrl, dropDatabase } from './helpers/postgres';
import { lostOrHalfWritten } from './helpers/checks';

/**
 * SIGKILL in the middle of writes, on each database: after a restart every acknowledged id is there
 * and every bulk create is all there or not there at all.
 */
describe.each(['embedded', 'postgres'] as const)('SIGKILL under write load (%s database)', (kind) => {
  let dataDir: string | undefined;
  let name: string | undefined;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (name) await dropDatabase(name);
  }, 30_000);

  it('keeps every acknowledged write and no half-written bulk create across a restart', async () => {
    let env: Record<string, string>;
    if (kind === 'embedded') {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'baton-faults-'));
      env = { DATA_DIR: dataDir };
    } else {
      name = await createDatabase();
      env = { DATABASE_URL: databaseUrl(name) };
    }

    const first = startServer(env);
    const base = await first.address;
    const writers = [];
    for (let index = 0; index < 3; index += 1) writers.push(await signIn(base, `kill-${index}@example.com`));
    const load = new WriteLoad(base, writers);
    load.start();
    await waitFor('writes acknowledged before the kill', async () => load.acknowledged.length >= 30, 30_000);
    await sleep(Math.random() * 300); // lands the kill at some point of a write, not just after one
    first.child.kill('SIGKILL');
    await first.exited;
    await load.stop();

    const second = startServer(env);
    try {
      const again = await second.address;
      const stored = await itemsOnBoards(again, load.identities);
      expect([...load.bulks.values()].some(Boolean)).toBe(true); // the atomicity check below is not vacuous
      expect(lostOrHalfWritten(load, stored)).toEqual({ missing: [], halfWritten: [] });
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    expect(second.exit()?.code).toBe(0);
  }, 90_000);
});
