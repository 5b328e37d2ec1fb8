/**
 * The active team's own fields take the one optimistic path (as items and project settings):
 * `editTeamField` asks for the edit (teamFieldEditRequested: the team shows it at once, `teamEdits`
 * remembers what the server last accepted); the listener sends it after any earlier edit of the team and
 * settles it. A refusal puts back the newest edit still on its way, or else the value the server last
 * accepted — never undoing a later edit, nor restoring one that failed itself.
 */
import { createAction, nanoid } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import type { AppStartListening } from '../../app/listeners';
import { userAndTeamApi } from '../../api/userAndTeam';
import { queuesOf } from '../items/itemsListeners';
import { activeTeamPatched, type ActiveTeamChanges } from './activeTeamActions';
import { teamEditSettled } from './teamEditsSlice';

type TeamField = keyof ActiveTeamChanges;
type TeamValue<K extends TeamField> = Exclude<ActiveTeamChanges[K], undefined>;

export interface TeamFieldEdit {
  teamId: string;
  field: TeamField;
  value: unknown;
  /** The field's value when asked, for the first edit's rollback. */
  accepted: unknown;
  requestId: string;
}

export const teamFieldEditRequested = createAction<TeamFieldEdit>('team/fieldEditRequested');

/** `${teamId} ${field}`: the key of a field's edits in `teamEdits`. */
export const teamEditKey = (edit: Pick<TeamFieldEdit, 'teamId' | 'field'>) => `${edit.teamId} ${edit.field}`;

/** Stores one field: each has its own call. */
function sendField(dispatch: AppDispatch, field: TeamField, value: unknown): Promise<unknown> {
  const { endpoints } = userAndTeamApi;
  switch (field) {
    case 'teamName':
      return dispatch(endpoints.putTeamName.initiate({ newTeamName: value as string })).unwrap();
    case 'firstRunExperienceState': {
      const firstRunExperienceState = value as TeamValue<'firstRunExperienceState'>;
      return dispatch(endpoints.putFirstRunExperience.initiate({ firstRunExperienceState })).unwrap();
    }
    case 'goToMarketPlan': {
      const goToMarketPlan = value as TeamValue<'goToMarketPlan'>;
      return dispatch(endpoints.putGoToMarketPlan.initiate({ goToMarketPlan })).unwrap();
    }
    case 'globalTeamData': {
      const globalTeamData = value as TeamValue<'globalTeamData'>;
      return dispatch(endpoints.putGlobalTeamData.initiate({ globalTeamData })).unwrap();
    }
    case 'testCommand':
      return dispatch(endpoints.putTestCommand.initiate({ testCommand: value as TeamValue<'testCommand'> })).unwrap();
  }
}

/** Callers that wait for the answer, by request id (settled by the listener). */
const waiting = new Map<string, (failure: unknown) => void>();

/** Asks for the edit; resolves once the server stored it, rejects with its refusal. */
export function editTeamField<K extends TeamField>(field: K, value: TeamValue<K>) {
  return (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    const team = getState().team.active;
    if (!team) return Promise.reject(new Error('No team is active.'));
    const requestId = nanoid();
    const answered = new Promise<void>((resolve, reject) =>
      waiting.set(requestId, (failure) => (failure === undefined ? resolve() : reject(failure))),
    );
    dispatch(teamFieldEditRequested({ teamId: team.id, field, value, accepted: team[field], requestId }));
    return answered;
  };
}

export function registerTeamFieldListener(startListening: AppStartListening) {
  startListening({
    actionCreator: teamFieldEditRequested,
    effect: async (action, listenerApi) => {
      const { teamId, field, value, requestId } = action.payload;
      const key = teamEditKey(action.payload);
      const show = (shown: unknown) =>
        listenerApi.dispatch(activeTeamPatched({ teamId, changes: { [field]: shown } as ActiveTeamChanges }));
      await queuesOf(listenerApi.getState).settings.run(`team ${teamId}`, async () => {
        let failure: unknown;
        try {
          await sendField(listenerApi.dispatch, field, value);
        } catch (error) {
          failure = error ?? new Error('refused');
        }
        const ok = failure === undefined;
        const before = listenerApi.getState().teamEdits[key];
        const wasShown = before?.inFlight.at(-1)?.requestId === requestId;
        listenerApi.dispatch(teamEditSettled({ key, requestId, ok }));
        const after = listenerApi.getState().teamEdits[key];
        const fallback = after?.inFlight.at(-1)?.value ?? (ok ? value : before?.accepted);
        const current = listenerApi.getState().team.active;
        // Only the edit on screen is settled: a refused one is put back; an accepted one is shown again if
        // a read that raced it brought the old value. Once another team is active, only the team list
        // still shows this one (by name): the context the switch brought may predate the answer.
        if (wasShown) {
          if (current?.id !== teamId) {
            if (field === 'teamName') show(ok ? value : fallback);
          } else if (!ok) show(fallback);
          else if (current[field] !== value) show(value);
        }
        waiting.get(requestId)?.(failure);
        waiting.delete(requestId);
      });
    },
  });
}
