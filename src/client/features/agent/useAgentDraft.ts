import { useCallback, useState } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../app/store';
import { useAppDispatch } from '../../app/hooks';
import { agentApi, draftQueryArg, getDraftEndpoint } from '../../api/agent';
import { errorMessage } from '../../api/envelopeBaseQuery';
import type { AgentKind } from '../../../shared/contract/agent';
import type { AgentDraft, PutDraftBody } from '../../../shared/contract/agentDrafts';
import { saveAgentDraft } from './saveAgentDraft';

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
const endpoints = agentApi.endpoints as unknown as Record<string, DraftQueryHook & DraftSelect>;

export interface DraftChanges {
  step?: string | null;
  inputModel?: Record<string, unknown>;
  content?: Record<string, unknown>;
}

/**
 * A kind's stored draft (per item for per-item kinds) and a save that replaces it with the changes
 * applied, through the one optimistic path (saveAgentDraft.ts): answering the stored draft or throwing
 * its message.
 */
export function useAgentDraft(kind: AgentKind, itemId?: string | null, options: { skip?: boolean } = {}) {
  const arg = draftQueryArg(kind, itemId);
  const query = endpoints[getDraftEndpoint(kind)]!.useQuery(arg, { skip: options.skip });
  const draft = query.data;
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const [saving, setSaving] = useState(0);

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
      setSaving((count) => count + 1);
      try {
        return await dispatch(saveAgentDraft(kind, body));
      } catch (error) {
        throw new Error(errorMessage(error));
      } finally {
        setSaving((count) => count - 1);
      }
    },
    [dispatch, itemId, kind, arg, store],
  );

  return {
    draft,
    isLoading: query.isLoading,
    loadError: query.error ? errorMessage(query.error) : null,
    retry: query.refetch,
    save,
    isSaving: saving > 0,
  };
}
