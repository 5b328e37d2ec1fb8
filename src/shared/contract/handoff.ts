/**
 * Handing an item to a coding agent (spec §7 `send-to-agent`; agents.md §3). Each send makes one
 * hand-off record: the agent, how it was reached, its state and its links.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AutomationKind } from '../enums';
import { BranchName, Id } from './common';
import { IntegerEnum } from './items';
import { CodingAgents } from './github';

/** A hand-off's states (docs/handoff.md has the machine); complete is final. */
export const HandoffStates = [
  'pending',
  'active',
  'awaitingInput',
  'prOpen',
  'checksFailing',
  'complete',
  'error',
  'closedUnmerged',
  'stale',
  'paused',
] as const;
export type HandoffState = (typeof HandoffStates)[number];

export const HANDOFF_LIMITS = { instructions: 4_000 } as const;

export const SendToAgentBody = Type.Object(
  {
    itemId: Id,
    automationKind: IntegerEnum(
      [AutomationKind.GitHubIssue, AutomationKind.LocalAutomation],
      'GitHub issue 0, local terminal automation 1',
    ),
    agent: Type.Union(CodingAgents.map((agent) => Type.Literal(agent))),
    repository: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100}$', maxLength: 201 }),
    ),
    baseBranch: Type.Optional(BranchName),
    instructions: Type.Optional(Type.String({ maxLength: HANDOFF_LIMITS.instructions })),
    force: Type.Optional(Type.Boolean({ description: 'Send although readiness checks fail.' })),
  },
  { $id: 'SendToAgentBody', additionalProperties: false },
);
export type SendToAgentBody = Static<typeof SendToAgentBody>;

export const Handoff = Type.Object({
  id: Type.String(),
  itemId: Type.String(),
  agent: Type.Union(CodingAgents.map((agent) => Type.Literal(agent))),
  automationKind: Type.Integer(),
  state: Type.Union(HandoffStates.map((state) => Type.Literal(state))),
  repository: Type.Union([Type.String(), Type.Null()]),
  baseBranch: Type.Union([Type.String(), Type.Null()]),
  issueNumber: Type.Union([Type.Integer(), Type.Null()]),
  issueUrl: Type.Union([Type.String(), Type.Null()]),
  branch: Type.Union([Type.String(), Type.Null()], { description: "The agent's branch, once GitHub reports it." }),
  jobUrl: Type.Union([Type.String(), Type.Null()], {
    description: "The agent's run (Claude's job, or a failed run).",
  }),
  pullRequests: Type.Array(
    Type.Object({
      number: Type.Integer(),
      url: Type.String(),
      state: Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('merged')]),
    }),
  ),
  createdBy: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Handoff = Static<typeof Handoff>;

/** The terminal hand-off's commands (LocalAutomation): the token comes from POST /v1/mcp/auth/{itemId}/token. */
export const TerminalCommands = Type.Object(
  {
    mcpUrl: Type.String(),
    serverName: Type.String({
      description: "The item's MCP server in Claude Code (baton-<key>), beside a `baton` server from the OAuth setup.",
    }),
    readToken: Type.String({
      description:
        'Reads the pasted item token into $BATON_TOKEN at a hidden prompt: the token stays out of shell history.',
    }),
    addServer: Type.String({
      description:
        "Adds the item's MCP server to Claude Code with the header `Authorization: Bearer ${BATON_TOKEN}`, expanded by Claude Code when it connects; stops with a message when $BATON_TOKEN is empty.",
    }),
    run: Type.String({
      description:
        'Starts Claude Code on the item (headless), allowed to read and report over MCP, edit, test, commit, push and open the pull request with gh; stops with a message when $BATON_TOKEN is empty.',
    }),
  },
  { $id: 'TerminalCommands' },
);

/** What a send answers: the hand-off, and for a terminal hand-off the commands to paste. */
export const SentHandoff = Type.Composite(
  [
    Handoff,
    Type.Object({
      terminal: Type.Optional(TerminalCommands),
      notice: Type.Optional(
        Type.String({
          description:
            'Set when GitHub did not say whether it opened the issue: the hand-off is recorded without one and the issue is linked when GitHub reports it.',
        }),
      ),
    }),
  ],
  { $id: 'SentHandoff' },
);
export type SentHandoff = Static<typeof SentHandoff>;

export const HandoffEvent = Type.Object(
  {
    at: Type.String({ format: 'date-time' }),
    kind: Type.String({ description: 'sent, branch, comment, job, run, error, pull_request, merged, issue' }),
    text: Type.String(),
    url: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'HandoffEvent' },
);

/** An item's hand-offs, newest first (at most 20), each with its activity oldest first. */
export const ItemHandoffs = Type.Object(
  {
    handoffs: Type.Array(Type.Composite([Handoff, Type.Object({ events: Type.Array(HandoffEvent) })])),
  },
  { $id: 'ItemHandoffs' },
);
export type ItemHandoffs = Static<typeof ItemHandoffs>;
