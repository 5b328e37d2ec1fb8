/**
 * How a pull request is tied to a hand-off's issue, by GitHub's own rules: a closing keyword for the
 * issue in its body (`Fixes #12`, `closes acme/shop#12`), or the agent's branch `claude/issue-12-…`.
 * A bare `#12` ("see #12") only mentions an issue and links nothing.
 */

/** GitHub's closing keywords (docs: "Linking a pull request to an issue using a keyword"). */
const CLOSING =
  /(?:^|[^\w-])(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?\s+(?:([\w.-]{1,100})\/([\w.-]{1,100}))?#(\d{1,9})\b/gi;

/** An agent's branch for an issue: Claude's `claude/issue-12-…` (Copilot and Cursor name theirs as they like). */
export const AGENT_BRANCH = /^(?:claude|copilot|cursor)\/issue-(\d{1,9})(?:\D|$)/;

/** The issues of `repository` a pull request's body says it closes. */
export function closedIssueNumbers(body: string | null, repository: string): number[] {
  const numbers = new Set<number>();
  for (const match of (body ?? '').matchAll(CLOSING)) {
    const [, owner, name, number] = match;
    // `owner/repo#N` names an issue of that repository: only this one's count.
    if (owner && `${owner}/${name}`.toLowerCase() !== repository.toLowerCase()) continue;
    numbers.add(Number(number));
  }
  return [...numbers];
}

/** The issues a pull request is tied to by its body's closing keywords and its branch. */
export function linkedIssueNumbers(
  pullRequest: { body: string | null; head: { ref: string } },
  repository: string,
): number[] {
  const numbers = new Set(closedIssueNumbers(pullRequest.body, repository));
  const branch = AGENT_BRANCH.exec(pullRequest.head.ref);
  if (branch) numbers.add(Number(branch[1]));
  return [...numbers];
}

/**
 * A page on the GitHub Baton is configured for (`GITHUB_WEB_URL`'s host), over https: the only kind of
 * link a pull request may put on an item. Anything else answers null.
 */
export function githubPageUrl(url: string, webUrl: string): string | null {
  try {
    const page = new URL(url);
    return page.protocol === 'https:' && page.host === new URL(webUrl).host && !page.username && !page.password
      ? page.href
      : null;
  } catch {
    return null;
  }
}
