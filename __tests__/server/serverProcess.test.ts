import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// A child that hangs while loading (seen once under Node 24 on a busy machine) gets one more try.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

/** Every process a test started: killed at the end, so a hung one cannot keep jest from exiting. */
const spawned: ChildProcess[] = [];

/** Runs `src/server/server.ts` as `npm start` does, in its own process. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env },
  });
  spawned.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const address = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Baton is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  address.catch(() => undefined); // a test that expects the exit never awaits the address
  return { child, exited, address, output: () => output };
}

const json = (url: string, body?: unknown, cookie?: string) =>
  fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

// The process runs on the embedded database whatever the suite's database is: the PostgreSQL run
// (npm run test:pg) would only repeat it.
const onEmbeddedDatabaseRun = process.env.TEST_DATABASE_URL ? describe.skip : describe;

onEmbeddedDatabaseRun('the server process', () => {
  let dataDir: string;
  let running: ChildProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'baton-process-'));
  });
  afterAll(async () => {
    running?.kill('SIGKILL');
    for (const child of spawned) if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a bad configuration value, naming the variable, with a non-zero exit', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid environment variable PORT');
  });

  it('keeps data in DATA_DIR across restarts and closes gracefully on SIGTERM', async () => {
    const first = startServer({ PORT: '0', DATA_DIR: dataDir });
    running = first.child;
    const base = await first.address;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const signIn = await json(`${base}/v1/auth/test-authenticate`, { emailAddress: 'persist@example.com' });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const before = (await signIn.json()).data.coreApplicationContext;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer({ PORT: '0', DATA_DIR: dataDir });
    running = second.child;
    const again = await second.address;
    const context = await json(`${again}/v1/user/core-application-context`, undefined, cookie);
    expect(context.status).toBe(200);
    expect((await context.json()).data).toEqual(before);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    running = undefined;
  }, 60_000);
});
