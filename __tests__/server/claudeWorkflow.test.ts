import { claudeWorkflowVerdict } from '../../src/server/services/handoff/claudeWorkflow';
import { evaluateCondition, knownValue, unknownValue } from '../../src/server/services/handoff/workflowCondition';

const SLUG = 'baton-handoff';
const verdict = (text: string) => claudeWorkflowVerdict({ path: '.github/workflows/claude.yml', text }, SLUG);

/** A workflow as anthropics/claude-code-action's docs write it, with `on` and the step's inputs swapped in. */
const workflow = (on: string, inputs: string, jobIf = '') => `name: Claude Code
${on}
jobs:
  claude:
${jobIf ? `    if: ${jobIf}\n` : ''}    runs-on: ubuntu-latest
    permissions:
      contents: write
      issues: write
      pull-requests: write
      id-token: write
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 1
      - name: Run Claude Code
        id: claude
        uses: anthropics/claude-code-action@v1
        with:
          anthropic_api_key: \${{ secrets.ANTHROPIC_API_KEY }}
${inputs
  .split('\n')
  .filter(Boolean)
  .map((line) => `          ${line}`)
  .join('\n')}
`;
const OPENED_MAP = 'on:\n  issues:\n    types: [opened, assigned]\n  issue_comment:\n    types: [created]';
const ALLOWED = 'allowed_bots: "baton-handoff[bot]"';

describe("Claude's workflow read as the action reads it, for the issue Baton opens", () => {
  describe('on: must run when an issue is opened', () => {
    it.each([
      ['a map with types as a flow list', OPENED_MAP],
      ['a map with types as a block list', 'on:\n  issues:\n    types:\n      - opened\n      - labeled'],
      ['a map with one type as a string', 'on:\n  issues:\n    types: opened'],
      ['issues with nothing under it (every type)', 'on:\n  issues:\n  issue_comment:'],
      ['issues with no types (every type)', 'on:\n  issues: {}\n  workflow_dispatch:'],
      ['a string', 'on: issues'],
      ['a flow list', 'on: [issue_comment, issues]'],
      ['a block list', 'on:\n  - pull_request\n  - issues'],
      ['a quoted key', '"on":\n  issues:\n    types: [opened]'],
    ])('%s runs', (_, on) => {
      expect(verdict(workflow(on, ALLOWED))).toMatchObject({ runsOnBatonIssue: true });
    });

    it('issue_comment only never runs on a new issue, and says what to add', () => {
      const found = verdict(
        workflow('on:\n  issue_comment:\n    types: [created]\n  pull_request_review_comment:', ALLOWED),
      );
      expect(found).toEqual({
        path: '.github/workflows/claude.yml',
        runsOnBatonIssue: false,
        reason:
          'runs on issue_comment, pull_request_review_comment, not when an issue is opened: add issues: types: [opened] under on:.',
      });
    });

    it('issues labeled or assigned only never runs: Baton neither labels nor assigns its issue', () => {
      const found = verdict(
        workflow('on:\n  issues:\n    types: [labeled, assigned]', `${ALLOWED}\nlabel_trigger: claude`),
      );
      expect(found?.runsOnBatonIssue).toBe(false);
      expect(found?.reason).toBe(
        'runs on issues labeled, assigned only, and Baton opens its issue without labelling or assigning it: add opened to on: issues: types (types: [opened]).',
      );
    });
  });

  describe('allowed_bots, as the action splits it', () => {
    it.each([
      ['the bot with [bot]', 'allowed_bots: "baton-handoff[bot]"'],
      ['the bot without [bot]', 'allowed_bots: baton-handoff'],
      ['another case', 'allowed_bots: "Baton-Handoff[BOT]"'],
      ['among others, comma-separated with spaces', 'allowed_bots: "dependabot[bot], baton-handoff , renovate"'],
      ['every bot', "allowed_bots: '*'"],
      ['a literal block scalar on one line', 'allowed_bots: |\n  baton-handoff[bot]'],
      ['a folded block scalar', 'allowed_bots: >-\n  dependabot[bot],\n  baton-handoff[bot]'],
      ['a literal block with commas at the line ends', 'allowed_bots: |\n  dependabot[bot],\n  baton-handoff[bot]'],
    ])('%s lets Baton in', (_, inputs) => {
      expect(verdict(workflow(OPENED_MAP, inputs))).toMatchObject({ runsOnBatonIssue: true });
    });

    it('a list of other bots does not, and the fix names Baton’s bot', () => {
      expect(verdict(workflow(OPENED_MAP, 'allowed_bots: "renovate[bot],dependabot[bot]"'))?.reason).toBe(
        'job claude has allowed_bots: "renovate[bot],dependabot[bot]", which does not let Baton\'s bot in: add baton-handoff[bot] to it (comma-separated), or use "*".',
      );
    });

    it('a * among names is not every bot: the action only takes * as the whole value', () => {
      expect(verdict(workflow(OPENED_MAP, 'allowed_bots: "dependabot[bot],*"'))?.runsOnBatonIssue).toBe(false);
    });

    it('a bot whose name merely starts with Baton’s is not Baton', () => {
      expect(verdict(workflow(OPENED_MAP, 'allowed_bots: "baton-handoff-staging[bot]"'))?.runsOnBatonIssue).toBe(false);
    });

    it('none at all: the action refuses bots', () => {
      expect(verdict(workflow(OPENED_MAP, 'trigger_phrase: "@claude"'))?.reason).toBe(
        'job claude has no allowed_bots, and the action refuses issues opened by bots: add allowed_bots: "baton-handoff[bot]" under the step\'s with:.',
      );
    });

    it('one per line in a block scalar: the action splits on commas only, so it does not match', () => {
      const found = verdict(workflow(OPENED_MAP, 'allowed_bots: |\n  dependabot[bot]\n  baton-handoff[bot]'));
      expect(found?.runsOnBatonIssue).toBe(false);
      expect(found?.reason).toBe(
        'job claude lists allowed_bots one per line, but the action splits them on commas only: write them on one line, comma-separated, as allowed_bots: "dependabot[bot],baton-handoff[bot]".',
      );
    });

    it('an expression runs, with a warning that Baton cannot read it', () => {
      const found = verdict(workflow(OPENED_MAP, 'allowed_bots: ${{ vars.CLAUDE_BOTS }}'));
      expect(found).toMatchObject({ runsOnBatonIssue: true });
      expect(found?.warning).toContain('allowed_bots is an expression (${{ vars.CLAUDE_BOTS }}) Baton cannot read');
    });
  });

  describe('trigger_phrase must be in what Baton writes', () => {
    it.each([
      ['the default', ''],
      ['@claude written out', 'trigger_phrase: "@claude"'],
      ['claude without the @ (the action matches it after punctuation)', 'trigger_phrase: claude'],
    ])('%s runs', (_, phrase) => {
      expect(verdict(workflow(OPENED_MAP, `${phrase}\n${ALLOWED}`))?.runsOnBatonIssue).toBe(true);
    });

    it('a custom phrase Baton does not write never runs, and says which phrase', () => {
      const found = verdict(workflow(OPENED_MAP, `trigger_phrase: "/claude"\n${ALLOWED}`));
      expect(found?.reason).toBe(
        'job claude listens for trigger_phrase "/claude", which Baton\'s issue does not contain (it starts with @claude): remove trigger_phrase, or set it to "@claude".',
      );
    });

    it('a phrase that starts like @claude but goes on is not @claude', () => {
      expect(verdict(workflow(OPENED_MAP, `trigger_phrase: "@claude-bot"\n${ALLOWED}`))?.runsOnBatonIssue).toBe(false);
    });

    it('a prompt makes the action run on every event, whatever the phrase', () => {
      const found = verdict(
        workflow(OPENED_MAP, `trigger_phrase: "/claude"\nprompt: Implement the issue.\n${ALLOWED}`),
      );
      expect(found?.runsOnBatonIssue).toBe(true);
    });

    it('assignee_trigger and label_trigger do not matter for an opened issue', () => {
      const inputs = `assignee_trigger: claude-bot\nlabel_trigger: ai\n${ALLOWED}`;
      expect(verdict(workflow(OPENED_MAP, inputs))?.runsOnBatonIssue).toBe(true);
    });
  });

  describe("the job's if:", () => {
    it.each([
      ["contains(github.event.issue.body, '@claude')"],
      ["${{ contains(github.event.issue.body, '@claude') }}"],
      [
        "|\n      (github.event_name == 'issue_comment' && contains(github.event.comment.body, '@claude')) ||\n      (github.event_name == 'issues' && (contains(github.event.issue.body, '@claude') || contains(github.event.issue.title, '@claude')))",
      ],
      ["github.event.action == 'opened'"],
      ["github.event.issue.user.type == 'Bot'"],
    ])('%s lets it run', (condition) => {
      const found = verdict(workflow(OPENED_MAP, ALLOWED, condition));
      expect(found).toMatchObject({ runsOnBatonIssue: true });
      expect(found?.warning).toBeUndefined();
    });

    it.each([
      ["contains(github.event.comment.body, '@claude')"],
      ["github.event_name == 'issue_comment'"],
      ["github.event.issue.user.type != 'Bot'"],
      ["contains(github.event.issue.body, '/implement')"],
      ["github.actor == 'octocat'"],
    ])('%s stops it', (condition) => {
      const found = verdict(workflow(OPENED_MAP, ALLOWED, condition));
      expect(found?.runsOnBatonIssue).toBe(false);
      expect(found?.reason).toMatch(/^job claude has an if: that is false for Baton's issue/);
    });

    it('one Baton cannot evaluate runs, with a warning', () => {
      const found = verdict(workflow(OPENED_MAP, ALLOWED, "vars.CLAUDE_ENABLED == 'true'"));
      expect(found).toMatchObject({ runsOnBatonIssue: true });
      expect(found?.warning).toBe('job claude runs only if its if: holds, which Baton cannot evaluate.');
    });
  });

  it('unparseable YAML is named, with where GitHub would stop', () => {
    const found = verdict(
      'on: [issues\njobs:\n  claude:\n    steps:\n      - uses: anthropics/claude-code-action@v1\n',
    );
    expect(found?.runsOnBatonIssue).toBe(false);
    expect(found?.reason).toMatch(/^is not valid YAML \(.*line 2.*\): fix it, or GitHub runs none of it\.$/);
  });

  it('a file that only mentions the action (a comment, the base action) is not a Claude workflow', () => {
    expect(
      verdict(
        `# see anthropics/claude-code-action@v1\n${workflow(OPENED_MAP, ALLOWED).replace('anthropics/claude-code-action@v1', 'acme/other@v1')}`,
      ),
    ).toBeNull();
    expect(
      verdict(workflow(OPENED_MAP, ALLOWED).replace('claude-code-action@v1', 'claude-code-action/base-action@v1')),
    ).toBeNull();
  });

  it('of two Claude steps, one that runs makes the file run', () => {
    const two = `on: issues
jobs:
  comment:
    if: github.event_name == 'issue_comment'
    runs-on: ubuntu-latest
    steps:
      - uses: anthropics/claude-code-action@v1
  issue:
    runs-on: ubuntu-latest
    steps:
      - uses: anthropics/claude-code-action@beta
        with: { allowed_bots: "baton-handoff" }
`;
    expect(verdict(two)).toMatchObject({
      runsOnBatonIssue: true,
      reason: 'job issue starts Claude on issues Baton opens.',
    });
  });
});

describe('GitHub expressions read against a known event', () => {
  const context = (path: string) =>
    path === 'github.event_name'
      ? knownValue('issues')
      : path === 'github.event.comment'
        ? knownValue(null)
        : unknownValue;
  it.each([
    ["github.event_name == 'ISSUES'", true],
    ["!(github.event_name == 'issues')", false],
    ["github.event_name != 'issues' || secrets.X", null],
    ["github.event_name == 'push' && secrets.X", false],
    ["github.event_name == 'issues' || secrets.X", true],
    ["startsWith(github.event_name, 'iss') && endsWith(github.event_name, 'ues')", true],
    ['github.event.comment', false],
    ["contains(fromJSON('[1]'), 1)", null],
    ["github.event['name'] == 'x'", null],
    ["'${{ a }}' == 'b'", null],
    ['github.event_name ==', null],
    [true, true],
    [false, false],
  ])('%s → %s', (condition, expected) => {
    expect(evaluateCondition(condition, context)).toBe(expected);
  });
});
