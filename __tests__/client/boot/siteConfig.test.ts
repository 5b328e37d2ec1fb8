import { parseSiteConfig, readSiteConfig } from '../../../src/client/boot/readSiteConfig';
import { logBuild } from '../../../src/client/boot/logBuild';
import { defaultSiteConfig, siteKindFor, type SiteConfig } from '../../../src/shared/siteKind';

const config: SiteConfig = {
  contentHosts: ['www.baton.test'],
  contentBasePath: '/about',
  legacyContentHosts: ['old.baton.test'],
  legacyContentUrl: 'https://www.baton.test/about',
  aiDrafts: true,
};

describe('reading the site config', () => {
  test('comes from the meta tag the server injects', () => {
    document.head.innerHTML = `<meta name="baton-config" content='${JSON.stringify(config)}'>`;
    expect(readSiteConfig(document)).toEqual(config);
  });

  test('falls back to the default without a meta tag or with a broken one', () => {
    document.head.innerHTML = '';
    expect(readSiteConfig(document)).toEqual(defaultSiteConfig);
    expect(parseSiteConfig('{not json')).toEqual(defaultSiteConfig);
    expect(parseSiteConfig('null')).toEqual(defaultSiteConfig);
  });

  test('keeps well-formed fields and defaults the rest', () => {
    expect(
      parseSiteConfig(
        JSON.stringify({ contentBasePath: 'no-slash', contentHosts: [1], legacyContentUrl: 'https://x.test' }),
      ),
    ).toEqual({
      ...defaultSiteConfig,
      legacyContentUrl: 'https://x.test',
    });
  });
});

describe('choosing the site kind', () => {
  test.each([
    ['old.baton.test', '/anything', 'legacy-content'],
    ['www.baton.test', '/', 'main-content'],
    ['app.baton.test', '/about', 'main-content'],
    ['app.baton.test', '/about/team', 'main-content'],
    ['app.baton.test', '/aboutness', 'app'],
    ['app.baton.test', '/', 'app'],
    ['app.baton.test', '/auth/msft', 'app'],
  ] as const)('%s%s is %s', (host, path, kind) => {
    expect(siteKindFor(host, path, config)).toBe(kind);
  });
});

test('the build date and hash are logged', () => {
  const log = jest.fn();
  logBuild('2026-11-22T12:00:00.000Z', 'abc1234', log);
  expect(log).toHaveBeenCalledWith('Baton build abc1234 (2026-11-22T12:00:00.000Z)');
});
