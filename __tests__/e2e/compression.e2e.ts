import { expect, test } from '@playwright/test';

/** The built bundle goes out precompressed (brotli when the browser takes it), cached for a year. */
test('scripts are served precompressed, with Vary: Accept-Encoding', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.url());
  });
  await page.goto('/');
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  const answer = await request.get(scripts[0]!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-encoding']).toBe('br');
  expect(answer.headers()['vary']).toMatch(/accept-encoding/i);
  const gzip = await request.get(scripts[0]!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
});
