/**
 * Handing an item to a coding agent (spec §7 `send-to-agent`; agents.md §3). Each send makes one
 * hand-off record: the agent, how it was reached, its state and its links.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AutomationKind } from '../enums';
import { Id } from './common';
import { IntegerEnum } from './items';
import { CodingAgents } from './github';

export const HandoffStates = ['pending', 'active', 'awaitingInput', 'complete', 'error', 'stale'] as const;
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
    baseBranch: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '^[^\\s~^:?*\\[\\\\]+$' })),
    instructions: Type.Optional(Type.String({ maxLength: HANDOFF_LIMITS.instructions })),
    force: Type.Optional(Type.Boolean({ description: 'Send although readiness checks fail.' })),
  },
  { additionalProperties: false },
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
  createdBy: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Handoff = Static<typeof Handoff>;

export const HandoffEvent = Type.Object({
  at: Type.String({ format: 'date-time' }),
  kind: Type.String({ description: 'sent, branch, comment, pull_request, merged, issue' }),
  text: Type.String(),
  url: Type.Union([Type.String(), Type.Null()]),
});

/** An item's hand-offs, newest first (at most 20), each with its activity oldest first. */
export const ItemHandoffs = Type.Object({
  handoffs: Type.Array(Type.Composite([Handoff, Type.Object({ events: Type.Array(HandoffEvent) })])),
});
export type ItemHandoffs = Static<typeof ItemHandoffs>;
