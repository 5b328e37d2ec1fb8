import { useCallback } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../app/store';
import { agentApi, draftQueryArg, getDraftEndpoint, putDraftEndpoint } from '../../api/agent';
import { errorMessage } from '../../api/envelopeBaseQuery';
import type { AgentKind } from '../../../shared/contract/agent';
import type { AgentDraft, PutDraftBody } from '../../../shared/contract/agentDrafts';

// The generated per-kind hooks, seen through one shape: `kind` picks one of seven endpoints whose
// draft types differ only in their content, which AgentDraft covers.
interface DraftQueryHook {
  useQuery(
    arg: string | undefined,
    options?: { skip?: boolean },
  ): { data?: AgentDraft; isLoading: boolean; isFetching: boolean; error?: unknown; refetch(): void };
}
interface DraftSelect {
  select(arg: string | undefined): (state: RootState) => { data?: AgentDraft };
}
interface DraftMutationHook {
  useMutation(): readonly [(body: PutDraftBody) => { unwrap(): Promise<AgentDraft> }, { isLoading: boolean }];
}
const endpoints = agentApi.endpoints as unknown as Record<string, DraftQueryHook & DraftSelect & DraftMutationHook>;

export interface DraftChanges {
  step?: string | null;
  inputModel?: Record<string, unknown>;
  content?: Record<string, unknown>;
}

/**
 * A kind's stored draft (per item for per-item kinds) and a save that replaces it with the changes
 * applied: optimistic, rolled back on failure, and answering the stored draft or throwing its message.
 */
export function useAgentDraft(kind: AgentKind, itemId?: string | null, options: { skip?: boolean } = {}) {
  const arg = draftQueryArg(kind, itemId);
  const query = endpoints[getDraftEndpoint(kind)]!.useQuery(arg, { skip: options.skip });
  const [put, putState] = endpoints[putDraftEndpoint(kind)]!.useMutation();
  const draft = query.data;
  const store = useStore<RootState>();

  const save = useCallback(
    async (changes: DraftChanges): Promise<AgentDraft> => {
      // What is unchanged comes from the cache as it is now (a generation may just have written a part).
      const draft = endpoints[getDraftEndpoint(kind)]!.select(arg)(store.getState()).data;
      const body: PutDraftBody = {
        ...(itemId ? { itemId } : {}),
        step: changes.step !== undefined ? changes.step : (draft?.step ?? null),
        inputModel: changes.inputModel ?? draft?.inputModel ?? {},
        content: changes.content ?? draft?.content ?? {},
      };
      try {
        return await put(body).unwrap();
      } catch (error) {
        throw new Error(errorMessage(error));
      }
    },
    [put, itemId, kind, arg, store],
  );

  return {
    draft,
    isLoading: query.isLoading,
    loadError: query.error ? errorMessage(query.error) : null,
    retry: query.refetch,
    save,
    isSaving: putState.isLoading,
  };
}
