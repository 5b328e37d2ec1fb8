import { expect, test } from '@playwright/test';
import { signIn } from './signIn';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { baseURL } from './playwright.config';

/**
 * The terminal hand-off in Chromium against the real server: the item goes to a local Claude Code
 * as commands and a token; an MCP client with that token (the SDK's own, standing in for Claude
 * Code) reads the item and reports progress and its pull request, and the card shows PR open.
 */
test('hand an item to the terminal; an MCP client with its token moves the card', async ({ page }) => {
  test.setTimeout(90_000);
  const emailAddress = `terminal-${Date.now()}@example.com`;
  await signIn(page, emailAddress);

  const today = page.locator('[data-bucket-key]').first();
  await today.getByRole('button', { name: /^Add item to/ }).click();
  await today.getByRole('form').getByLabel('Title').fill('Gift cards');
  await today.getByRole('form').getByLabel('Title').press('Enter');
  const card = page.getByRole('button', { name: 'Gift cards', exact: true });
  await card.click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('button', { name: 'Add goal' }).click();
  await panel.getByRole('textbox', { name: 'Goal 1' }).fill('Cards can be redeemed');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Unsaved changes')).toBeHidden();

  await panel.getByRole('button', { name: 'Hand off…' }).click();
  await panel.getByRole('radio', { name: 'Terminal (Claude Code on your machine)' }).check();
  await panel.getByLabel('Extra instructions (optional)').fill('Keep the API unchanged.');
  await panel.getByRole('button', { name: 'Send to Claude Code' }).click();
  const terminal = panel.getByRole('status', { name: 'Terminal hand-off' });
  await expect(terminal).toContainText(`claude mcp add --transport http baton ${baseURL}/mcp/token`);
  await terminal.getByRole('button', { name: 'Make the token' }).click();
  const exported = await terminal.getByText(/^export BATON_TOKEN=/).textContent();
  const token = /'([^']+)'/.exec(exported ?? '')![1]!;

  const client = new Client({ name: 'claude-code-stand-in', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseURL}/mcp/token`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  try {
    const key = /Implement the Baton item ([A-Z0-9]+-\d+)/.exec((await terminal.textContent()) ?? '')![1]!;
    const read = (await client.callTool({ name: 'get_item', arguments: { item: key } })) as {
      content: { text: string }[];
    };
    expect(read.content[0]!.text).toContain('Cards can be redeemed');
    expect(read.content[0]!.text).toContain('Keep the API unchanged.');
    await client.callTool({ name: 'record_progress', arguments: { item: key, text: 'Started', state: 'active' } });
    await client.callTool({
      name: 'link_pull_request',
      arguments: { item: key, url: 'https://github.com/acme/shop/pull/7' },
    });
  } finally {
    await client.close();
  }

  await terminal.getByRole('button', { name: 'Done' }).click();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(page.locator('[data-card-id]', { has: card }).locator('[data-status]')).toHaveText('PR open');
});
