// The official MCP conformance suite (@modelcontextprotocol/conformance, pinned in this folder with
// the Node 22 it needs) against Baton's MCP server at /mcp/token. Starts Baton on a free port with a
// fresh embedded database, signs in with Test, makes a personal MCP token, runs every server
// scenario and compares each one's outcome with baseline.json. Exits 1 when a scenario does worse
// than the baseline expects (a regression: above all one expected to pass that fails), when one
// does better (update the baseline), or when a scenario is missing from it; always stops the server.
//
// The suite's client sends no Authorization header and has no option for one, so it talks to a
// small proxy here that adds the token to each request and forwards everything else unchanged
// (Host and Origin included): it plays the part of an MCP client configured with a bearer token.
// Baton itself runs as always; the run checks first that it still refuses a request without a token.
//
// Usage: node .ci/conformance/run.mjs   (after `npm install --prefix .ci/conformance`)
// CONFORMANCE_VERBOSE=1 prints the suite's own output; it is printed anyway when the check fails.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const node22 = path.join(here, 'node_modules/.bin/node');
const cli = path.join(here, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const baseline = JSON.parse(readFileSync(path.join(here, 'baseline.json'), 'utf8')).scenarios;
const verbose = process.env.CONFORMANCE_VERBOSE === '1';
const started = Date.now();

let server;
let serverOutput = '';
let serverExited;
let proxy;
let dataDir;
let resultsDir;
const children = new Set(); // the suite's processes still running
let interruptedBy; // the signal that stops the run: the steps under way stop reporting
const untilExit = () => new Promise(() => undefined);

/** Runs a command to its end and answers its exit code and output (stdout and stderr together). */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
    child.on('error', (error) => (output += `\n${error.message}`));
    child.on('close', (code, signal) => {
      children.delete(child);
      clearTimeout(timer);
      resolve({ code: code ?? signal, output });
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  const code = await Promise.race([
    serverExited,
    new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000)),
  ]);
  if (code === 'timeout') {
    server.kill('SIGKILL');
    await serverExited;
  }
}

async function cleanUp() {
  const ended = [...children].map((child) => new Promise((resolve) => child.on('close', resolve)));
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(ended);
  if (proxy) {
    const closed = new Promise((resolve) => proxy.close(resolve));
    proxy.closeAllConnections();
    await closed;
  }
  await stopServer();
  for (const dir of [dataDir, resultsDir]) if (dir) await rm(dir, { recursive: true, force: true });
}

class Failure extends Error {}

async function startBaton() {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'baton-conformance-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ENABLE_TEST_SIGN_IN: 'true',
  };
  delete env.DATABASE_URL; // always the fresh embedded database
  // The server alone, as `npm start` runs it but without building the client, which MCP does not need.
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], { cwd: root, env });
  server.stdout.on('data', (chunk) => (serverOutput += chunk));
  server.stderr.on('data', (chunk) => (serverOutput += chunk));
  serverExited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)));

  const deadline = Date.now() + 120_000;
  while (!serverOutput.includes('Baton is running at')) {
    if (Date.now() > deadline) throw new Failure('Baton did not print its address within 120 s');
    const code = await Promise.race([
      serverExited,
      new Promise((resolve) => setTimeout(() => resolve(undefined), 200)),
    ]);
    if (code !== undefined) throw new Failure(`Baton exited (${code}) before listening`);
  }
  return publicUrl;
}

/** Signs in with the Test provider and makes a personal MCP token; answers the token. */
async function mintToken(base) {
  const signIn = await fetch(`${base}/v1/auth/test-authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ emailAddress: 'conformance@example.com' }),
  });
  if (signIn.status !== 200) throw new Failure(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const made = await fetch(`${base}/v1/teams/active/mcp/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ name: 'conformance', scopes: ['items:read', 'items:write'], expiresInDays: 1 }),
  });
  const body = await made.json().catch(() => ({}));
  if (made.status !== 200 || body.result !== 'Ok' || typeof body.data?.token !== 'string')
    throw new Failure(`making the MCP token answered ${made.status}: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** Baton must refuse the MCP path without a token and serve it with one, before the suite runs through the proxy. */
async function checkAuthentication(url, token) {
  const ping = (headers) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
  const anonymous = await ping({});
  if (anonymous.status !== 401) throw new Failure(`${url} answered ${anonymous.status} without a token; expected 401`);
  const signed = await ping({ authorization: `Bearer ${token}` });
  if (signed.status !== 200)
    throw new Failure(`${url} answered ${signed.status} with the token: ${await signed.text()}`);
}

/** A proxy to Baton that adds the bearer token (unless the request has one) and changes nothing else. */
function startProxy(target, token) {
  proxy = http.createServer((request, response) => {
    const headers = { ...request.headers };
    headers.authorization ??= `Bearer ${token}`;
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`proxy: ${error.message}`);
    });
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy.address().port)));
}

/** A scenario's outcome, worst to best: fail (a failure), none (only warnings or notes), pass (a success, no failure). */
const RANK = { fail: 0, none: 1, pass: 2 };

/** Each scenario's outcome from the suite's results folder (server-<scenario>-<time>/checks.json). */
function outcomes(dir) {
  const results = new Map();
  for (const entry of readdirSync(dir)) {
    const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/.exec(entry);
    if (!match) continue;
    const checks = JSON.parse(readFileSync(path.join(dir, entry, 'checks.json'), 'utf8'));
    const failures = checks.filter((check) => check.status === 'FAILURE');
    const status = failures.length > 0 ? 'fail' : checks.some((check) => check.status === 'SUCCESS') ? 'pass' : 'none';
    const detail = failures.map((check) => `${check.name}: ${check.errorMessage ?? check.description}`).join('; ');
    results.set(match[1], { status, detail, checks });
  }
  return results;
}

async function main() {
  if (!existsSync(node22) || !existsSync(cli))
    throw new Failure('run `npm install --prefix .ci/conformance --no-audit --no-fund` first');
  const version = await run(node22, ['--version']);
  if (!/^v2[2-9]\./.test(version.output.trim())) throw new Failure(`expected Node 22+, got ${version.output.trim()}`);
  const listing = await run(node22, [cli, 'list', '--server']);
  const scenarios = [...listing.output.matchAll(/^ {2}- (\S+)/gm)].map((match) => match[1]);
  if (scenarios.length === 0) throw new Failure(`the suite listed no server scenarios:\n${listing.output}`);

  const base = await startBaton();
  const token = await mintToken(base);
  await checkAuthentication(`${base}/mcp/token`, token);
  const proxyPort = await startProxy(new URL(base), token);

  resultsDir = await mkdtemp(path.join(os.tmpdir(), 'baton-conformance-results-'));
  const url = `http://127.0.0.1:${proxyPort}/mcp/token`;
  const suite = await run(node22, [cli, 'server', '--url', url, '--suite', 'all', '--output-dir', resultsDir], {
    cwd: here,
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (interruptedBy) await untilExit();
  const results = outcomes(resultsDir);

  const regressions = [];
  const stale = [];
  const unlisted = [];
  let passed = 0;
  let expectedFailures = 0;
  for (const scenario of scenarios) {
    const actual = results.get(scenario) ?? { status: 'fail', detail: 'the suite wrote no result (it crashed)' };
    const expected = baseline[scenario];
    if (actual.status === 'pass') passed++;
    if (!expected || !(expected.expected in RANK))
      unlisted.push(`${scenario} (${actual.status}${actual.detail ? `: ${actual.detail}` : ''})`);
    else if (RANK[actual.status] < RANK[expected.expected])
      regressions.push(
        `${scenario}: ${actual.status}, expected ${expected.expected}${actual.detail ? ` — ${actual.detail}` : ''}`,
      );
    else if (RANK[actual.status] > RANK[expected.expected])
      stale.push(`${scenario} is ${actual.status} now; the baseline says ${expected.expected}: ${expected.reason}`);
    else if (expected.expected !== 'pass') expectedFailures++;
  }
  const gone = Object.keys(baseline).filter((scenario) => !scenarios.includes(scenario));

  const ok = regressions.length + stale.length + unlisted.length === 0;
  if (verbose || !ok) console.log(`${suite.output}\n--- Baton's output ---\n${serverOutput}`);
  if (verbose)
    for (const [scenario, { checks }] of results)
      for (const check of checks.filter((each) => each.status !== 'INFO'))
        console.log(`${scenario} ${check.status} ${check.name}: ${check.errorMessage ?? check.description}`);
  for (const line of regressions) console.log(`REGRESSION ${line}`);
  for (const line of stale) console.log(`STALE BASELINE ${line}`);
  for (const line of unlisted) console.log(`NOT IN BASELINE ${line}`);
  for (const scenario of gone) console.log(`note: baseline lists ${scenario}, which the suite no longer has`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `mcp-conformance (${scenarios.length} scenarios, Node ${version.output.trim()}): ${passed} passed, ` +
      `${expectedFailures} failing or inconclusive as the baseline expects, ${regressions.length} regressions, ` +
      `${stale.length + unlisted.length} baseline mismatches; ${seconds} s`,
  );
  return ok;
}

let ok = false;
// Interrupted: stop the suite, the proxy and Baton, then end as the signal would have.
const interrupted = (signal) => {
  interruptedBy = signal;
  console.error(`mcp-conformance interrupted (${signal}): stopping`);
  cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);
try {
  ok = await main();
} catch (error) {
  if (interruptedBy) await untilExit();
  console.error(`mcp-conformance failed: ${error instanceof Failure ? error.message : error?.stack}`);
  if (serverOutput) console.error(`--- Baton's output ---\n${serverOutput}`);
} finally {
  await cleanUp();
}
process.exit(ok ? 0 : 1);
