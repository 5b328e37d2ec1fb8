import type { RootState } from '../app/store';
import { activeTeamPatched, type ActiveTeamChanges } from '../features/teams/activeTeamActions';
import { tagTypes } from './apiSlice';
import { enhancedApi } from './userAndTeam.gen';

type TeamField = keyof ActiveTeamChanges;
type ActiveTeamValue<K extends TeamField> = NonNullable<ActiveTeamChanges[K]>;

interface LifecycleApi {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: unknown }>;
}

const activeTeamOf = (state: unknown) => (state as RootState).coreContext.context?.activeTeam;

/** Edits of one field of one team still on their way, and the value the server last accepted. */
interface FieldEdits {
  accepted: unknown;
  inFlight: { value: unknown }[];
}
/** Per store (keyed by its getState), per `${teamId} ${field}`. */
const editsByStore = new WeakMap<object, Map<string, FieldEdits>>();

/**
 * An update of one field of the active team, applied optimistically (spec §4): the session's context
 * and every cached copy of the team change at once. When the server refuses, the field goes back to
 * the newest edit still on its way, or else to the value the server last accepted — so a failure
 * never undoes a later edit, nor restores an edit that failed itself.
 */
function optimisticTeamUpdate<K extends TeamField>(field: K, valueOf: (arg: never) => ActiveTeamValue<K>) {
  return async (arg: unknown, { dispatch, getState, queryFulfilled }: LifecycleApi) => {
    const team = activeTeamOf(getState());
    if (!team) return;
    const teamId = team.id;
    const show = (value: unknown) => {
      dispatch(activeTeamPatched({ teamId, changes: { [field]: value } as ActiveTeamChanges }));
      dispatch(
        enhancedApi.util.updateQueryData('getActiveTeam', undefined, (draft) => {
          if (draft.id === teamId) Object.assign(draft, { [field]: value });
        }),
      );
      dispatch(
        enhancedApi.util.updateQueryData('getCoreApplicationContext', undefined, (draft) => {
          if (draft.activeTeam.id === teamId) Object.assign(draft.activeTeam, { [field]: value });
          const listed = draft.availableTeams.find((other) => other.id === teamId);
          if (listed && field === 'teamName') listed.teamName = value as string;
        }),
      );
    };

    const storeEdits = editsByStore.get(getState) ?? new Map<string, FieldEdits>();
    editsByStore.set(getState, storeEdits);
    const key = `${teamId} ${field}`;
    const edits = storeEdits.get(key) ?? { accepted: team[field], inFlight: [] };
    storeEdits.set(key, edits);
    const edit = { value: valueOf(arg as never) };
    edits.inFlight.push(edit);
    show(edit.value);

    let ok = true;
    try {
      await queryFulfilled;
    } catch {
      ok = false;
    }
    const wasShown = edits.inFlight.at(-1) === edit;
    edits.inFlight = edits.inFlight.filter((other) => other !== edit);
    if (ok) edits.accepted = edit.value;
    if (edits.inFlight.length === 0) storeEdits.delete(key);
    const current = activeTeamOf(getState());
    // Only the edit on screen is settled: a refused one is put back; an accepted one is shown again if
    // a read that raced it brought the old value. Once another team is active, only the team list
    // still shows this one (by name): the context the switch brought may predate the answer.
    if (!wasShown) return;
    if (current?.id !== teamId) {
      if (field === 'teamName') show(ok ? edit.value : (edits.inFlight.at(-1)?.value ?? edits.accepted));
      return;
    }
    if (!ok) show(edits.inFlight.at(-1)?.value ?? edits.accepted);
    else if (current[field] !== edit.value) show(edit.value);
  };
}

/** Everything cached for one team: after a switch (or joining, or creating one) it is another team's. */
const teamScopedTags = tagTypes.filter(
  (tag) => tag !== 'Session' && tag !== 'IdentityProviders' && tag !== 'CoreContext',
);

/** The user-and-team group: caching, invalidation and the optimistic updates of spec §4. */
export const userAndTeamApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    getCoreApplicationContext: { providesTags: ['CoreContext'] },
    getActiveTeam: { providesTags: ['ActiveTeam'] },
    // Each answers with the new team's core context, which the session slice takes whole.
    createTeam: { invalidatesTags: teamScopedTags },
    putActiveTeam: { invalidatesTags: teamScopedTags },
    acceptInvite: { invalidatesTags: teamScopedTags },
    putTeamName: {
      onQueryStarted: optimisticTeamUpdate('teamName', (arg: { newTeamName: string }) => arg.newTeamName.trim()),
    },
    putFirstRunExperience: {
      onQueryStarted: optimisticTeamUpdate(
        'firstRunExperienceState',
        (arg: { firstRunExperienceState: ActiveTeamValue<'firstRunExperienceState'> }) => arg.firstRunExperienceState,
      ),
    },
    putGoToMarketPlan: {
      onQueryStarted: optimisticTeamUpdate(
        'goToMarketPlan',
        (arg: { goToMarketPlan: ActiveTeamValue<'goToMarketPlan'> }) => arg.goToMarketPlan,
      ),
    },
    putGlobalTeamData: {
      onQueryStarted: optimisticTeamUpdate(
        'globalTeamData',
        (arg: { globalTeamData: ActiveTeamValue<'globalTeamData'> }) => arg.globalTeamData,
      ),
    },
    // Members and invites change the team and its seat count.
    inviteTeamMember: { invalidatesTags: ['ActiveTeam', 'Subscription'] },
    revokeTeamInvite: { invalidatesTags: ['ActiveTeam', 'Subscription'] },
    putTeamMemberRole: { invalidatesTags: ['ActiveTeam'] },
    removeTeamMember: {
      invalidatesTags: ['ActiveTeam', 'Subscription'],
      async onQueryStarted(userId, { dispatch, getState, queryFulfilled }) {
        const leaving = (getState() as RootState).coreContext.context?.userContext.userId === userId;
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        // Leaving lands the user in another team: the whole context is read again, as after a switch.
        if (leaving) {
          dispatch(enhancedApi.util.invalidateTags(teamScopedTags));
          void dispatch(
            enhancedApi.endpoints.getCoreApplicationContext.initiate(undefined, {
              forceRefetch: true,
              subscribe: false,
            }),
          );
        }
      },
    },
  },
});

export const {
  useGetCoreApplicationContextQuery,
  usePutAppSettingsMutation,
  useGetActiveTeamQuery,
  useCreateTeamMutation,
  usePutActiveTeamMutation,
  useAcceptInviteMutation,
  usePutTeamNameMutation,
  usePutFirstRunExperienceMutation,
  usePutGoToMarketPlanMutation,
  usePutGlobalTeamDataMutation,
  useInviteTeamMemberMutation,
  useRevokeTeamInviteMutation,
  usePutTeamMemberRoleMutation,
  useRemoveTeamMemberMutation,
} = userAndTeamApi;
