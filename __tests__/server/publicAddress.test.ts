import { resolvesOnlyToPublicAddresses } from '../../src/server/oauth/publicAddress';

/** The check before a Client ID Metadata Document is fetched (SSRF guard). */
describe('resolvesOnlyToPublicAddresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '[::1]',
    '[fe80::1]',
    '[fd00::1]',
    '[::ffff:127.0.0.1]',
    'localhost',
    'no-such-host.invalid',
  ])('refuses %s', async (host) => {
    expect(await resolvesOnlyToPublicAddresses(host)).toBe(false);
  });

  it.each(['93.184.215.14', '[2606:2800:21f:cb07:6820:80da:af6b:8b2c]', '8.8.8.8'])('accepts %s', async (host) => {
    expect(await resolvesOnlyToPublicAddresses(host)).toBe(true);
  });
});
