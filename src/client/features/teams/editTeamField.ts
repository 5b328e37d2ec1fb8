/**
 * The active team's own fields take the one optimistic path (as items and project settings):
 * `editTeamField` asks for the edit (teamFieldEditRequested: the team shows it at once, `teamEdits`
 * remembers what the server last accepted); the listener sends it after any earlier edit of the team and
 * settles it. A planning-data edit (go-to-market plan, global team data) is an edit of the version it
 * was made to: a clash with someone else's change to the same field is kept (`planningConflicts`) for
 * the Admin to choose, as items and project settings do. A refusal puts back the newest edit still on its way, or else the value the server last
 * accepted — never undoing a later edit, nor restoring one that failed itself.
 */
import { createAction, nanoid } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import type { AppStartListening } from '../../app/listeners';
import { userAndTeamApi } from '../../api/userAndTeam';
import { queuesOf } from '../items/itemsListeners';
import { activeTeamPatched, type ActiveTeamChanges } from './activeTeamActions';
import { teamEditSettled } from './teamEditsSlice';
import { conflictingRecord, fieldsChangedByOthers, type CurrentRecord } from '../../api/conflicts';
import type { PlanningDataRecord } from '../../../shared/contract/teams';
import {
  planningConflictResolved,
  planningEditConflicted,
  type PlanningField,
  type PlanningValue,
} from './planningConflictsSlice';

/** A planning edit refused because someone else changed the same field: the page shows both to choose from. */
export class PlanningConflictError extends Error {}

const CONFLICT_MESSAGES: Record<PlanningField, string> = {
  goToMarketPlan: 'Someone else changed the go-to-market plan while you were editing it.',
  globalTeamData: 'Someone else changed the global team data while you were editing it.',
};

/** The fields a user edits; the planning data's version only follows the server's answers. */
type TeamField = Exclude<keyof ActiveTeamChanges, 'planningDataVersion'>;
type TeamValue<K extends TeamField> = Exclude<ActiveTeamChanges[K], undefined>;

export interface TeamFieldEdit {
  teamId: string;
  field: TeamField;
  value: unknown;
  /** The field's value when asked, for the first edit's rollback. */
  accepted: unknown;
  /** A planning-data edit: the value and version it was made to (a stale one is refused with 409). */
  base?: { value: unknown; version: number };
  requestId: string;
}

export const teamFieldEditRequested = createAction<TeamFieldEdit>('team/fieldEditRequested');

/** `${teamId} ${field}`: the key of a field's edits in `teamEdits`. */
export const teamEditKey = (edit: Pick<TeamFieldEdit, 'teamId' | 'field'>) => `${edit.teamId} ${edit.field}`;

/** Stores one field: each has its own call. A planning field answers its new version. */
function sendField(
  dispatch: AppDispatch,
  field: TeamField,
  value: unknown,
  version?: number,
): Promise<{ version?: number }> {
  const { endpoints } = userAndTeamApi;
  switch (field) {
    case 'teamName':
      return dispatch(endpoints.putTeamName.initiate({ newTeamName: value as string }))
        .unwrap()
        .then(() => ({}));
    case 'firstRunExperienceState': {
      const firstRunExperienceState = value as TeamValue<'firstRunExperienceState'>;
      return dispatch(endpoints.putFirstRunExperience.initiate({ firstRunExperienceState }))
        .unwrap()
        .then(() => ({}));
    }
    case 'goToMarketPlan': {
      const goToMarketPlan = value as TeamValue<'goToMarketPlan'>;
      return dispatch(endpoints.putGoToMarketPlan.initiate({ goToMarketPlan, version })).unwrap();
    }
    case 'globalTeamData': {
      const globalTeamData = value as TeamValue<'globalTeamData'>;
      return dispatch(endpoints.putGlobalTeamData.initiate({ globalTeamData, version })).unwrap();
    }
    case 'testCommand': {
      const testCommand = value as TeamValue<'testCommand'>;
      return dispatch(endpoints.putTestCommand.initiate({ testCommand }))
        .unwrap()
        .then(() => ({}));
    }
  }
}

/** Callers that wait for the answer, by request id (settled by the listener). */
const waiting = new Map<string, (failure: unknown) => void>();

/**
 * Asks for the edit; resolves once the server stored it, rejects with its refusal. A planning-data
 * edit names the value and version it was made to (`base`), so someone else's change is not erased.
 */
export function editTeamField<K extends TeamField>(
  field: K,
  value: TeamValue<K>,
  base?: { value: TeamValue<K>; version: number },
) {
  return (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    const team = getState().team.active;
    if (!team) return Promise.reject(new Error('No team is active.'));
    const requestId = nanoid();
    const answered = new Promise<void>((resolve, reject) =>
      waiting.set(requestId, (failure) => (failure === undefined ? resolve() : reject(failure))),
    );
    const edit = { teamId: team.id, field, value, accepted: team[field], requestId };
    dispatch(teamFieldEditRequested(base ? { ...edit, base } : edit));
    return answered;
  };
}

const isPlanningField = (field: TeamField): field is PlanningField =>
  field === 'goToMarketPlan' || field === 'globalTeamData';

/**
 * Sends a planning-data edit as an edit of the version it was made to. Refused because someone else
 * changed the other planning field, it is sent again on their version; refused because they changed
 * this one, it answers the conflict (their record) for the user to choose.
 */
async function sendPlanning(
  dispatch: AppDispatch,
  field: PlanningField,
  value: unknown,
  base: { value: unknown; version: number },
): Promise<{ version?: number; conflict?: PlanningDataRecord }> {
  try {
    return await sendField(dispatch, field, value, base.version);
  } catch (error) {
    const current = conflictingRecord(error) as (CurrentRecord & PlanningDataRecord) | null;
    if (!current) throw error;
    if (fieldsChangedByOthers([field], { [field]: base.value }, current).length > 0) return { conflict: current };
    return sendField(dispatch, field, value, current.version);
  }
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
        let answer: { version?: number; conflict?: PlanningDataRecord } = {};
        try {
          const { base } = action.payload;
          answer =
            base && isPlanningField(field)
              ? await sendPlanning(listenerApi.dispatch, field, value, base)
              : await sendField(listenerApi.dispatch, field, value);
          if (answer.conflict) failure = new PlanningConflictError(CONFLICT_MESSAGES[field as PlanningField]);
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
        const { conflict, version } = answer;
        if (conflict && isPlanningField(field)) {
          // Their record is what the server holds now: shown, with the user's own value kept to choose.
          const { goToMarketPlan, globalTeamData } = conflict;
          const changes = { goToMarketPlan, globalTeamData, planningDataVersion: conflict.version };
          listenerApi.dispatch(activeTeamPatched({ teamId, changes }));
          const mine = value as PlanningValue;
          listenerApi.dispatch(planningEditConflicted({ teamId, field, mine, theirs: conflict[field] }));
        } else if (ok && version !== undefined) {
          listenerApi.dispatch(activeTeamPatched({ teamId, changes: { planningDataVersion: version } }));
          if (isPlanningField(field)) listenerApi.dispatch(planningConflictResolved({ teamId, field }));
        }
        waiting.get(requestId)?.(failure);
        waiting.delete(requestId);
      });
    },
  });
}
