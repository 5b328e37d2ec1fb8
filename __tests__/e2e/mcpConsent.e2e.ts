import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signIn } from './signIn';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { MemoryOAuthClient } from '../server/helpers/oauthBrowser';
import { baseURL } from './playwright.config';

/**
 * An MCP client connects over OAuth in Chromium against the real server: it registers, the signed-in
 * member approves it on the consent page, it gets a token and lists items; Settings → MCP shows it.
 */
test('an MCP client registers, the member approves it, and it lists items', async ({ page }) => {
  test.setTimeout(90_000);
  const emailAddress = `consent-${Date.now()}@example.com`;
  await signIn(page, emailAddress);
  const today = page.locator('[data-bucket-key]').first();
  await today.getByRole('button', { name: /^Add item to/ }).click();
  await today.getByRole('form').getByLabel('Title').fill('Loyalty points');
  await today.getByRole('form').getByLabel('Title').press('Enter');
  await expect(page.getByRole('button', { name: 'Loyalty points', exact: true })).toBeVisible();

  // The client's loopback listener, standing in for Claude Code's.
  const listener = createServer((_request, response) => response.end('You can close this tab.'));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const redirectHost = `127.0.0.1:${(listener.address() as AddressInfo).port}`;
  const redirectUri = `http://${redirectHost}/callback`;
  const oauth = new MemoryOAuthClient({ redirect_uris: [redirectUri], client_name: 'Claude Code' });
  const mcpUrl = new URL(`${baseURL}/mcp`);
  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: oauth });
  await expect(new Client({ name: 'e2e', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);

  await page.goto(oauth.authorizationUrl!.href);
  const consent = page.getByRole('region', { name: 'Claude Code wants to use Baton as you' });
  await expect(consent).toContainText(`Baton will send the approval to ${redirectHost}`);
  await expect(consent.getByRole('checkbox', { name: /Change items/ })).toBeChecked();
  await consent.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(`${redirectUri}**`);
  await first.finishAuth(new URL(page.url()).searchParams);

  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: oauth }));
  try {
    const listed = (await client.callTool({ name: 'list_items', arguments: {} })) as { content: { text: string }[] };
    expect(listed.content[0]!.text).toContain('Loyalty points');
  } finally {
    await client.close();
    listener.close();
  }

  await page.goto('/settings/mcp');
  const connection = page.getByRole('listitem', { name: 'Claude Code' });
  await expect(connection).toContainText('Read items, Change items');
  await connection.getByRole('button', { name: 'Disconnect' }).click();
  await expect(connection).toBeHidden();
});
