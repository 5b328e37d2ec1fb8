import { closedIssueNumbers, githubPageUrl, linkedIssueNumbers } from '../../src/server/services/githubLinks';

describe('which issues a pull request closes (GitHub’s closing keywords)', () => {
  it.each([
    ['Fixes #12', [12]],
    ['fixes #12', [12]],
    ['FIXED #12', [12]],
    ['Closes: #12', [12]],
    ['close #12, resolve #13 and resolves acme/shop#14', [12, 13, 14]],
    ['Resolved acme/SHOP#15', [15]],
    ['(closes #16)', [16]],
    ['- Fix #17', [17]],
  ])('%j → %j', (body, numbers) => {
    expect(closedIssueNumbers(body, 'acme/shop')).toEqual(numbers);
  });

  it.each([
    'see #12',
    'Related to #12',
    '#12',
    'Fixes other/repo#12',
    'prefix #12',
    'hotfix #12',
    'Fixes#12',
    'Fixes issue #12',
    'unfixed #12',
    'Fixes #12abc',
  ])('%j links nothing', (body) => {
    expect(closedIssueNumbers(body, 'acme/shop')).toEqual([]);
  });

  it('adds the agent’s branch and ignores a null body', () => {
    expect(linkedIssueNumbers({ body: null, head: { ref: 'claude/issue-7-20261124' } }, 'acme/shop')).toEqual([7]);
    expect(linkedIssueNumbers({ body: 'see #3', head: { ref: 'feature/x' } }, 'acme/shop')).toEqual([]);
    expect(linkedIssueNumbers({ body: 'Fixes #3', head: { ref: 'claude/issue-3-x' } }, 'acme/shop')).toEqual([3]);
  });
});

describe('pull request links an item may show', () => {
  const web = 'https://github.com';
  it.each([
    ['https://github.com/acme/shop/pull/1', 'https://github.com/acme/shop/pull/1'],
    ['http://github.com/acme/shop/pull/1', null],
    ['https://github.com.evil.example/acme/shop/pull/1', null],
    ['https://evil.example/acme/shop/pull/1', null],
    ['https://user:pass@github.com/acme/shop/pull/1', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
  ])('%s → %s', (url, expected) => {
    expect(githubPageUrl(url, web)).toBe(expected);
  });
  it('an Enterprise Server’s own host', () => {
    expect(githubPageUrl('https://git.acme.example/a/b/pull/2', 'https://git.acme.example')).toBe(
      'https://git.acme.example/a/b/pull/2',
    );
  });
});
