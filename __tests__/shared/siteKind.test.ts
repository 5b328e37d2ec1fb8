import { defaultSiteConfig, siteKindFor } from '../../src/shared/siteKind';

const config = {
  ...defaultSiteConfig,
  contentHosts: ['baton.example.com'],
  legacyContentHosts: ['old.example.com'],
  legacyContentUrl: 'https://baton.example.com/about',
};

describe('site kind (spec §1)', () => {
  it('chooses by host first', () => {
    expect(siteKindFor('old.example.com', '/', config)).toBe('legacy-content');
    expect(siteKindFor('Baton.Example.com', '/anything', config)).toBe('main-content');
  });
  it('then by the content base path', () => {
    expect(siteKindFor('app.example.com', '/about', config)).toBe('main-content');
    expect(siteKindFor('app.example.com', '/about/pricing', config)).toBe('main-content');
    expect(siteKindFor('app.example.com', '/aboutness', config)).toBe('app');
  });
  it('is the app otherwise', () => {
    expect(siteKindFor('localhost', '/', config)).toBe('app');
    expect(siteKindFor('localhost', '/settings/account', config)).toBe('app');
  });
});
