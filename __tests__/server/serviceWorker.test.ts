import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { openTestDatabase } from './helpers/testDatabase';

/** /sw.js is served so a browser always checks it for a new version, precompressed copies included. */
describe('the service worker script', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let distDir: string;
  // Over the 1 kB the build compresses from, as the real worker is.
  const worker = `self.addEventListener('install', () => {});\n${'// padding\n'.repeat(200)}`;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'baton-sw-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    writeFileSync(path.join(distDir, 'sw.js'), worker);
    writeFileSync(path.join(distDir, 'sw.js.br'), brotliCompressSync(worker));
    writeFileSync(path.join(distDir, 'sw.js.gz'), gzipSync(worker));
    writeFileSync(path.join(distDir, 'main.0123456789abcdef.js'), 'console.log(1);');
    const database = await openTestDatabase();
    drop = () => database.drop();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      clientDistDir: distDir,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
    rmSync(distDir, { recursive: true, force: true });
  });

  it.each([
    ['identity', undefined],
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('answers JavaScript that is never kept without revalidation (Accept-Encoding: %s)', async (accept, encoding) => {
    const response = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe(encoding);
    if (encoding === 'br') expect(brotliDecompressSync(response.rawPayload).toString()).toBe(worker);
  });

  it('leaves the hashed bundle cached for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/main.0123456789abcdef.js' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets the page register a worker from its own origin only', async () => {
    const response = await app.inject({ method: 'GET', url: '/board' });
    expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
  });
});
