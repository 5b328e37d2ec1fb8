/**
 * The agent data kinds (spec §3) and how their draft operations are named: plain values the client's
 * first JavaScript needs, kept apart from the contract's schemas (contract/agent.ts re-exports them).
 */
export const AgentKinds = [
  'product-story',
  'project-plan',
  'engineering-patterns',
  'product-patterns',
  'add-single-new-item',
  'split-project-item',
  'add-multiple-items',
] as const;
export type AgentKind = (typeof AgentKinds)[number];

/** Kinds whose drafts belong to one item: their generations name it in `itemId`. */
export const PerItemAgentKinds: readonly AgentKind[] = ['add-single-new-item', 'split-project-item'];
export const isPerItemKind = (kind: AgentKind) => PerItemAgentKinds.includes(kind);

/** `product-story` → `ProductStory`: a kind's draft operations are getAgent<Kind> and putAgent<Kind>. */
export const draftOperationSuffix = (kind: AgentKind) =>
  kind
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
