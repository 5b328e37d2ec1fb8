/**
 * Saving an agent draft takes the one optimistic path (as items, project settings and the team):
 * `saveAgentDraft` asks for the save (agentDraftSaveRequested); the listener shows it in the cached
 * draft at once, sends it after any earlier save of the same draft, and settles it. The server's answer
 * (which names new patterns) replaces the cached draft once no later save is on its way; a refusal puts
 * back the draft the server last accepted, unless a later save still shows its own.
 */
import { createAction, nanoid, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import type { AppStartListening } from '../../app/listeners';
// The shared api slice, not api/agent: the board's first JavaScript stays without the agent endpoints,
// which the drafting pages inject before they save.
import { api } from '../../api/apiSlice';
import { draftQueryArg, getDraftEndpoint, putDraftEndpoint } from '../../api/agentDraftNames';
import { queuesOf } from '../items/itemsListeners';
import type { AgentKind } from '../../../shared/contract/agent';
import type { AgentDraft, PutDraftBody } from '../../../shared/contract/agentDrafts';

interface AgentDraftSave {
  kind: AgentKind;
  body: PutDraftBody;
  requestId: string;
}

const agentDraftSaveRequested = createAction<AgentDraftSave>('agent/draftSaveRequested');

// The per-kind endpoints differ only in their draft types, which AgentDraft covers: one loose view serves all seven.
interface DraftEndpoint {
  select(arg: string | undefined): (state: RootState) => { data?: AgentDraft };
  initiate(arg: PutDraftBody): ThunkAction<{ unwrap(): Promise<AgentDraft> }, RootState, unknown, UnknownAction>;
}
const endpoint = (name: string) => (api.endpoints as unknown as Record<string, DraftEndpoint>)[name]!;
type DraftThunk = ThunkAction<unknown, RootState, unknown, UnknownAction>;
// A recipe that returns a draft replaces the cached one.
type UpdateDraft = (
  endpoint: string,
  arg: string | undefined,
  recipe: (draft: AgentDraft) => AgentDraft | void,
) => DraftThunk;
const updateDraft = api.util.updateQueryData as unknown as UpdateDraft;

/** Callers that wait for the answer, by request id (settled by the listener). */
const waiting = new Map<string, (outcome: { saved: AgentDraft } | { failure: unknown }) => void>();

/** Asks for the save; resolves with the stored draft, rejects with the refusal. */
export function saveAgentDraft(kind: AgentKind, body: PutDraftBody) {
  return (dispatch: AppDispatch): Promise<AgentDraft> => {
    const requestId = nanoid();
    const answered = new Promise<AgentDraft>((resolve, reject) =>
      waiting.set(requestId, (outcome) => ('saved' in outcome ? resolve(outcome.saved) : reject(outcome.failure))),
    );
    dispatch(agentDraftSaveRequested({ kind, body, requestId }));
    return answered;
  };
}

export function registerAgentDraftListener(startListening: AppStartListening) {
  // Per draft: saves not yet answered, and the draft as the server last had it.
  const drafts = new Map<string, { pending: number; accepted?: AgentDraft }>();
  startListening({
    actionCreator: agentDraftSaveRequested,
    effect: async (action, listenerApi) => {
      const { kind, body, requestId } = action.payload;
      const cacheArg = draftQueryArg(kind, body.itemId);
      const key = `draft ${kind} ${cacheArg ?? ''}`;
      const read = getDraftEndpoint(kind);
      let entry = drafts.get(key);
      if (!entry) {
        entry = { pending: 0, accepted: endpoint(read).select(cacheArg)(listenerApi.getState()).data };
        drafts.set(key, entry);
      }
      entry.pending++;
      const { itemId: _itemId, ...changes } = body;
      listenerApi.dispatch(updateDraft(read, cacheArg, (draft) => void Object.assign(draft, changes)));

      await queuesOf(listenerApi.getState).settings.run(key, async () => {
        let outcome: { saved: AgentDraft } | { failure: unknown };
        try {
          outcome = { saved: await listenerApi.dispatch(endpoint(putDraftEndpoint(kind)).initiate(body)).unwrap() };
        } catch (failure) {
          outcome = { failure };
        }
        if ('saved' in outcome) entry.accepted = outcome.saved;
        entry.pending--;
        if (entry.pending === 0) {
          drafts.delete(key);
          const accepted = entry.accepted;
          if (accepted) listenerApi.dispatch(updateDraft(read, cacheArg, () => accepted));
        }
        waiting.get(requestId)?.(outcome);
        waiting.delete(requestId);
      });
    },
  });
}
