import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ServerProcess {
  child: ChildProcess;
  /** The base URL, once the server listens. */
  address: Promise<string>;
  /** Set when the process ended: its exit code or signal. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  exited: Promise<void>;
  output(): string;
}

/** Runs `src/server/server.ts` as `npm start` does, in its own process (as __tests__/server/serverProcess.test.ts). */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: path.resolve(__dirname, '../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      // The load signs in several users from one address.
      RATE_LIMIT_SIGN_IN: '1000/60',
      ...env,
    },
  });
  let output = '';
  let ended: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      ended = { code, signal };
      resolve();
    }),
  );
  const address = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = /Baton is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    void exited.then(() => reject(new Error(`server exited (${JSON.stringify(ended)}): ${output.slice(-3000)}`)));
  });
  address.catch(() => undefined);
  return { child, address, exit: () => ended, exited, output: () => output };
}

/** Polls until the answer of `probe` is true, or fails after `ms`. */
export async function waitFor(what: string, probe: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(200);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /healthz: its status and how long it took (0 status when the request failed). */
export async function health(
  base: string,
  timeoutMs = 10_000,
): Promise<{ status: number; ms: number; retryAfter: string | null }> {
  const started = Date.now();
  try {
    const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, ms: Date.now() - started, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: 0, ms: Date.now() - started, retryAfter: null };
  }
}
