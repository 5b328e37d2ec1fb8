/** How the agent draft endpoints and their cache entries are named: plain values, without the endpoints themselves. */
import { draftOperationSuffix, isPerItemKind, type AgentKind } from '../../shared/agentKinds';

export const getDraftEndpoint = (kind: AgentKind) => `getAgent${draftOperationSuffix(kind)}` as const;
export const putDraftEndpoint = (kind: AgentKind) => `putAgent${draftOperationSuffix(kind)}` as const;

/** One tag per stored draft: the kind, and the item for per-item kinds. */
export const draftTag = (kind: AgentKind, itemId?: string | null) =>
  ({ type: 'AgentDraft', id: itemId ? `${kind}/${itemId}` : kind }) as const;

/** The cache argument of a kind's GET: the item id for per-item kinds, nothing otherwise. */
export const draftQueryArg = (kind: AgentKind, itemId?: string | null) =>
  isPerItemKind(kind) ? (itemId ?? undefined) : undefined;
