// Smoke test of `npm start` on whatever Node runs it (CI runs it on Node 24 LTS):
// start on a fresh embedded database, sign in with Test, read the core context, stop with SIGTERM.
// Exits 0 when every step worked, 1 with the reason otherwise.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'baton-smoke-'));
// What `npm start` runs, started directly so SIGTERM reaches Baton itself rather than npm.
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
});
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)));

async function fail(reason) {
  console.error(`smoke test failed: ${reason}\n--- server output ---\n${output}`);
  server.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  process.exit(1);
}

async function address() {
  const deadline = Date.now() + 120_000; // the client may be built first
  while (Date.now() < deadline) {
    const match = /Baton is running at (http:\/\/\S+)/.exec(output);
    if (match) return match[1].replace('localhost', '127.0.0.1');
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(undefined), 200))]);
    if (code !== undefined) return fail(`the server exited (${code}) before listening`);
  }
  return fail('the server did not print its address within 120 s');
}

const base = await address();
const signIn = await fetch(`${base}/v1/auth/test-authenticate`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' }, // no Origin: PUBLIC_URL names port 0 here
  body: JSON.stringify({ emailAddress: 'smoke@example.com' }),
});
if (signIn.status !== 200) await fail(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
const context = await fetch(`${base}/v1/user/core-application-context`, { headers: { cookie } });
const body = await context.json();
if (body.result !== 'Ok' || JSON.stringify(body.data).indexOf('smoke@example.com') === -1)
  await fail(`core context answered ${context.status}: ${JSON.stringify(body)}`);

server.kill('SIGTERM');
const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000))]);
if (code !== 0) await fail(`SIGTERM ended the server with ${code}`);
await rm(dataDir, { recursive: true, force: true });
console.log(`smoke test passed on Node ${process.version}: started, signed in, read the core context, stopped`);
