import { enhancedApi, type GenerateAgentContentApiArg } from './agent.gen';
import { eventStreamHandler } from './generationStream';
import { AgentKinds, type AgentKind } from '../../shared/agentKinds';
import type { AgentDraft } from '../../shared/contract/agentDrafts';

import { draftQueryArg, draftTag, getDraftEndpoint, putDraftEndpoint } from './agentDraftNames';

export { draftQueryArg, draftTag, getDraftEndpoint, putDraftEndpoint };

// The per-kind endpoints differ only in their types; this loose view lets one piece of code serve all
// seven: the generated endpoint's own shape with the kind's types widened to AgentDraft.
type DraftRead = {
  providesTags: (result: unknown, error: unknown, arg: string | undefined) => ReturnType<typeof draftTag>[];
};
const draftEndpoints: Record<string, DraftRead> = {};
for (const kind of AgentKinds) {
  draftEndpoints[getDraftEndpoint(kind)] = {
    providesTags: (_result, _error, itemId) => [draftTag(kind, itemId)],
  };
}

/** The generated argument, plus the id progress is reported under (generationStream.ts). */
export type GenerateArg = GenerateAgentContentApiArg & { streamId?: string };

type UpdateDraft = (endpoint: string, arg: string | undefined, recipe: (draft: AgentDraft) => void) => unknown;

/**
 * The agent group: the stored drafts, cached per kind (and item) and saved through the one optimistic
 * path (features/agent/saveAgentDraft.ts), and the generation, which writes its part into the draft on
 * the server, so the draft is read again after it.
 * A QuotaLimit answer routes to the account settings through quotaErrorEndpoints (its route declares raisesQuotaError).
 */
export const agentApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    ...(draftEndpoints as object),
    generateAgentContent: {
      // Asked for as server-sent events, so the page can show the draft growing (useGenerate).
      query: (arg: GenerateArg) => ({
        url: `/v1/agent/${encodeURIComponent(arg.contextId)}/generate`,
        method: 'POST',
        body: arg.body,
        headers: { accept: 'text/event-stream' },
        responseHandler: eventStreamHandler(arg.streamId ?? ''),
        timeout: 0, // no client time-out: the stream shows progress, and the server bounds it (AI_TIMEOUT_SECONDS)
      }),
      // The server wrote the part into the stored draft: show it at once, then read the draft again
      // (for what only the server adds, such as the ids of new patterns).
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const kind = arg.contextId as AgentKind;
        const cacheArg = draftQueryArg(kind, (arg.body as { itemId?: string | null }).itemId);
        try {
          const { data } = await queryFulfilled;
          dispatch(
            (enhancedApi.util.updateQueryData as unknown as UpdateDraft)(getDraftEndpoint(kind), cacheArg, (draft) => {
              draft.content[data.contentId] = data.content;
              draft.draftedBy = data.draftedBy;
            }) as never,
          );
        } catch {
          // A failed generation changed nothing.
        }
      },
      invalidatesTags: (result, _error, arg) =>
        result ? [draftTag(arg.contextId as AgentKind, (arg.body as { itemId?: string | null }).itemId)] : [],
    },
  },
});

export const { useGenerateAgentContentMutation, useGetAgentProviderQuery } = agentApi;
