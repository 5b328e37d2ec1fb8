import { expect, test } from '@playwright/test';
import { signIn } from './signIn';
import { baseURL } from './playwright.config';
import { claudeCodeHome, installClaudeCode } from './helpers/claudeCodeCli';

/**
 * The real Claude Code CLI (installed into a cache by the test, with a throwaway HOME, no model calls)
 * signs in to Baton's MCP server as docs/mcp.md tells users: `claude mcp add`, `claude mcp login`
 * with the consent page approved in Chromium, then `claude mcp list` shows the server connected.
 */
test('Claude Code signs in on /mcp through the consent page and connects', async ({ page }) => {
  test.setTimeout(420_000);
  const cli = await installClaudeCode();
  test.skip('unavailable' in cli, 'unavailable' in cli ? cli.unavailable : '');
  if (!('binary' in cli)) return;
  const claude = await claudeCodeHome(cli.binary);

  const added = await claude.claude(['mcp', 'add', '--transport', 'http', 'baton', `${baseURL}/mcp`]);
  expect(added, added.output).toMatchObject({ code: 0 });
  expect((await claude.claude(['mcp', 'list'])).output).toContain('Needs authentication');

  await signIn(page, `claude-code-${Date.now()}@example.com`);
  const login = claude.interactive(['mcp', 'login', 'baton']);
  try {
    const authorizationUrl = new URL(await claude.openedUrl());
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${baseURL}/oauth/authorize`);
    const callback = new URL(authorizationUrl.searchParams.get('redirect_uri')!);
    expect(callback.hostname).toBe('localhost');

    await page.goto(authorizationUrl.href);
    const consent = page.getByRole('region', { name: /wants to use Baton as you/ });
    await expect(consent).toContainText(`Baton will send the approval to ${callback.host}`);
    await consent.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${callback.origin}${callback.pathname}**`);
    expect(await login.exited).toBe(0);
    expect(login.output()).toContain('Authenticated with "baton"');
  } finally {
    login.stop();
  }

  const listed = await claude.claude(['mcp', 'list']);
  expect(listed.output).toContain(`baton: ${baseURL}/mcp (HTTP) - ✔ Connected`);
});
