/**
 * Whether a repository's workflow starts Claude Code (anthropics/claude-code-action) on the issue Baton
 * opens: opened by Baton's app (`<slug>[bot]`), neither labeled nor assigned, with `@claude` starting its
 * body. Read as GitHub and the action read it (the action's trigger, actor and allowed_bots rules,
 * agents.md §3): the workflow must run on `issues` opened, its job's `if:` must pass, the step's
 * trigger phrase must be in Baton's words (or a `prompt` makes it run regardless) and its
 * `allowed_bots` must let Baton's bot in.
 */
import { parse } from 'yaml';
import { openingLine } from './issueBody';
import { evaluateCondition, knownValue, unknownValue, type KnownContext } from './workflowCondition';

export interface ClaudeWorkflowVerdict {
  path: string;
  runsOnBatonIssue: boolean;
  /** Why it runs, or what stops it and the exact fix. */
  reason: string;
  /** Set when it runs only if something Baton cannot evaluate holds (an `if:`, an expression). */
  warning?: string;
}

const ACTION = /^anthropics\/claude-code-action@/i;
const DEFAULT_TRIGGER = '@claude';

/** The text of Baton's issue that is Baton's own, and so always there (the team's text may hold anything). */
const batonBody = openingLine({ agent: 'claude-code', externalId: 'KEY-1', baseBranch: null, testCommand: null });

/** What the `issues` opened event Baton's issue raises tells a workflow's expressions. */
function batonEvent(bot: string): KnownContext {
  const values: Record<string, string | null> = {
    'github.event_name': 'issues',
    'github.event.action': 'opened',
    'github.event.issue.body': batonBody,
    'github.actor': bot,
    'github.triggering_actor': bot,
    'github.event.sender.login': bot,
    'github.event.issue.user.login': bot,
    'github.event.sender.type': 'Bot',
    'github.event.issue.user.type': 'Bot',
    // Not part of an issues event: GitHub reads them as null.
    'github.event.comment': null,
    'github.event.comment.body': null,
    'github.event.review': null,
    'github.event.review.body': null,
    'github.event.pull_request': null,
    'github.event.pull_request.body': null,
    'github.event.pull_request.title': null,
    'github.event.issue.pull_request': null,
    'github.event.label': null,
    'github.event.label.name': null,
    'github.event.assignee': null,
    'github.event.assignee.login': null,
  };
  return (path) => (path in values ? knownValue(values[path]!) : unknownValue);
}

type Map = Record<string, unknown>;
const isMap = (value: unknown): value is Map => typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const isExpression = (value: string) => value.includes('${{');

/** The `issues` activity types the workflow runs on: 'all', a list, or null when it does not run on issues. */
function issueTypes(on: unknown): 'all' | string[] | null {
  if (typeof on === 'string' || Array.isArray(on)) return listOf(on).includes('issues') ? 'all' : null;
  if (!isMap(on) || !('issues' in on)) return null;
  const issues = on['issues'];
  // `issues:` with nothing under it, or no `types`, runs on every activity type, opened included.
  if (!isMap(issues) || issues['types'] === undefined || issues['types'] === null) return 'all';
  return listOf(issues['types']).map(String);
}

const eventsOf = (on: unknown) =>
  (typeof on === 'string' || Array.isArray(on) ? listOf(on) : isMap(on) ? Object.keys(on) : []).map(String);

/** Whether the workflow runs when Baton opens an issue; otherwise what to add. */
function triggerProblem(on: unknown): string | null {
  const types = issueTypes(on);
  if (types === 'all' || types?.includes('opened')) return null;
  if (types) {
    return `runs on issues ${types.join(', ') || '(no types)'} only, and Baton opens its issue without labelling or assigning it: add opened to on: issues: types (types: [opened]).`;
  }
  const events = eventsOf(on);
  return `runs on ${events.length ? events.join(', ') : 'no event'}, not when an issue is opened: add issues: types: [opened] under on:.`;
}

/** How the action reads allowed_bots: comma-separated, trimmed, case-insensitive, `[bot]` optional; `*` is every bot. */
function allowedBotsProblem(value: unknown, bot: string): { problem?: string; warning?: string } {
  const name = bot.replace(/\[bot\]$/i, '').toLowerCase();
  const add = `allowed_bots: "${bot}" under the step's with:`;
  if (value === undefined || value === null || String(value).trim() === '') {
    return { problem: `has no allowed_bots, and the action refuses issues opened by bots: add ${add}.` };
  }
  const text = String(value);
  if (isExpression(text))
    return { warning: `allowed_bots is an expression (${text.trim()}) Baton cannot read: it must include ${bot}.` };
  if (text.trim() === '*') return {};
  const entries = text.split(',').map((entry) =>
    entry
      .trim()
      .toLowerCase()
      .replace(/\[bot\]$/, ''),
  );
  if (entries.includes(name)) return {};
  const perLine = text
    .split(/[\n,]/)
    .map((entry) =>
      entry
        .trim()
        .toLowerCase()
        .replace(/\[bot\]$/, ''),
    )
    .includes(name);
  if (perLine) {
    return {
      problem: `lists allowed_bots one per line, but the action splits them on commas only: write them on one line, comma-separated, as allowed_bots: "${text
        .split(/[\n,]/)
        .map((entry) => entry.trim())
        .filter(Boolean)
        .join(',')}".`,
    };
  }
  return {
    problem: `has allowed_bots: "${text.trim()}", which does not let Baton's bot in: add ${bot} to it (comma-separated), or use "*".`,
  };
}

/** The trigger phrase must be in Baton's own words unless a prompt makes the action run on every event. */
function triggerPhraseProblem(inputs: Map): { problem?: string; warning?: string } {
  if (['prompt', 'direct_prompt'].some((key) => String(inputs[key] ?? '').trim() !== '')) return {};
  const phrase =
    inputs['trigger_phrase'] === undefined || inputs['trigger_phrase'] === null
      ? DEFAULT_TRIGGER
      : String(inputs['trigger_phrase']);
  if (isExpression(phrase))
    return {
      warning: `its trigger_phrase is an expression (${phrase}) Baton cannot read: Baton's issue starts with ${DEFAULT_TRIGGER}.`,
    };
  // The action's own test: the phrase, not inside a word, in the body (or the title, which Baton does not speak in).
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`(?<!\\w)${escaped}(?!\\w)`).test(batonBody)) return {};
  return {
    problem: `listens for trigger_phrase "${phrase}", which Baton's issue does not contain (it starts with ${DEFAULT_TRIGGER}): remove trigger_phrase, or set it to "${DEFAULT_TRIGGER}".`,
  };
}

interface ClaudeStep {
  job: string;
  condition: boolean | null;
  inputs: Map;
}

function claudeSteps(jobs: unknown, bot: string): ClaudeStep[] {
  if (!isMap(jobs)) return [];
  const event = batonEvent(bot);
  const steps: ClaudeStep[] = [];
  for (const [job, definition] of Object.entries(jobs)) {
    if (!isMap(definition)) continue;
    const jobCondition = evaluateCondition(definition['if'], event);
    for (const step of listOf(definition['steps'])) {
      if (!isMap(step) || typeof step['uses'] !== 'string' || !ACTION.test(step['uses'].trim())) continue;
      const stepCondition = evaluateCondition(step['if'], event);
      const condition =
        jobCondition === false || stepCondition === false
          ? false
          : jobCondition === null || stepCondition === null
            ? null
            : true;
      steps.push({ job, condition, inputs: isMap(step['with']) ? step['with'] : {} });
    }
  }
  return steps;
}

/** One step's verdict: the first thing that stops it, or that it runs (with what Baton could not check). */
function stepVerdict(step: ClaudeStep, bot: string): { runs: boolean; reason: string; warnings: string[] } {
  const where = `job ${step.job}`;
  if (step.condition === false) {
    return {
      runs: false,
      reason: `${where} has an if: that is false for Baton's issue (an issues opened event from ${bot} with ${DEFAULT_TRIGGER} in its body): let that event through, e.g. if: contains(github.event.issue.body, '${DEFAULT_TRIGGER}').`,
      warnings: [],
    };
  }
  const warnings = step.condition === null ? [`${where} runs only if its if: holds, which Baton cannot evaluate.`] : [];
  for (const found of [triggerPhraseProblem(step.inputs), allowedBotsProblem(step.inputs['allowed_bots'], bot)]) {
    if (found.problem) return { runs: false, reason: `${where} ${found.problem}`, warnings };
    if (found.warning) warnings.push(`${where}: ${found.warning}`);
  }
  return { runs: true, reason: `${where} starts Claude on issues Baton opens.`, warnings };
}

/**
 * Reads one workflow file; null when it uses no claude-code-action step (only mentions it, or uses
 * another action of the repository, such as its base-action).
 */
export function claudeWorkflowVerdict(
  file: { path: string; text: string },
  appSlug: string,
): ClaudeWorkflowVerdict | null {
  const bot = `${appSlug}[bot]`;
  let workflow: unknown;
  try {
    workflow = parse(file.text, { merge: true, logLevel: 'error' });
  } catch (error) {
    const message = (error as Error).message.split('\n')[0]!.replace(/:$/, '');
    return {
      path: file.path,
      runsOnBatonIssue: false,
      reason: `is not valid YAML (${message}): fix it, or GitHub runs none of it.`,
    };
  }
  if (!isMap(workflow)) return null;
  const steps = claudeSteps(workflow['jobs'], bot);
  if (steps.length === 0) return null;
  const trigger = triggerProblem(workflow['on']);
  if (trigger) return { path: file.path, runsOnBatonIssue: false, reason: trigger };
  const verdicts = steps.map((step) => stepVerdict(step, bot));
  // A file runs Claude when any of its steps does; one that runs for certain is preferred over one with warnings.
  const running = verdicts.filter((verdict) => verdict.runs);
  const best = running.find((verdict) => verdict.warnings.length === 0) ?? running[0];
  if (!best) return { path: file.path, runsOnBatonIssue: false, reason: verdicts[0]!.reason };
  return {
    path: file.path,
    runsOnBatonIssue: true,
    reason: best.reason,
    ...(best.warnings.length ? { warning: best.warnings.join(' ') } : {}),
  };
}
