/**
 * Project settings, the one optimistic path (as items): `saveProjectSettings` asks for the edit
 * (projectEditRequested shows it at once); the projects listener sends it after any earlier edit of
 * the same project, as an edit of the version the dialog opened on. A change someone else made to other
 * fields meanwhile is kept (the edit is sent again on top of it); one to the same fields keeps this
 * user's values in the store for the dialog to offer again, and says so. Nothing is lost silently.
 */
import type { AppDispatch, RootState } from '../../app/store';
import type { AppStartListening } from '../../app/listeners';
import { projectsApi } from '../../api/projects';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { conflictingRecord, fieldsChangedByOthers } from '../../api/conflicts';
import type { Project } from '../../../shared/contract/userAndTeam';
import type { UpdateProjectApiArg } from '../../api/projects.gen';
import { noticeShown } from '../board/boardSlice';
import { queuesOf } from '../items/itemsListeners';
import {
  projectConflictResolved,
  projectEditConflicted,
  projectEditRequested,
  projectEditSettled,
  type ProjectChanges,
} from './projectActions';

/** Asks for the edit; resolves once it (and any earlier edit of the project) has been answered. */
export function saveProjectSettings(opened: Project, changes: ProjectChanges) {
  return (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    dispatch(projectEditRequested(opened, changes));
    return queuesOf(getState).settings.idle();
  };
}

type Dispatch = (action: unknown) => unknown;

/**
 * Sends one edit and settles it (`settle`: saved or not, which puts the fields back) before saying
 * anything else, so a conflict's record shows over the rolled-back fields.
 */
async function send(dispatch: Dispatch, opened: Project, changes: ProjectChanges, settle: (ok: boolean) => void) {
  dispatch(projectConflictResolved(opened.id));
  const put = (version: number) =>
    (
      dispatch(
        projectsApi.endpoints.updateProject.initiate({
          id: opened.id,
          body: { ...changes, version } as UpdateProjectApiArg['body'],
        }),
      ) as { unwrap(): Promise<Project> }
    ).unwrap();
  let failure: unknown;
  try {
    await put(opened.version);
    return settle(true);
  } catch (error) {
    failure = error;
  }
  const current = conflictingRecord(failure) as (Project & Record<string, unknown>) | null;
  if (current) {
    const fields = Object.keys(changes) as (keyof ProjectChanges)[];
    const clashing = fieldsChangedByOthers(fields, opened, current);
    if (clashing.length > 0) {
      const theirs = Object.fromEntries(clashing.map((field) => [field, current[field]])) as ProjectChanges;
      settle(false);
      dispatch(projectEditConflicted({ current, mine: changes, theirs }));
      dispatch(
        noticeShown(
          'error',
          `Someone else changed the project “${current.description}” while you were editing it. Your settings are kept: open Project settings to compare and save again.`,
        ),
      );
      return;
    }
    try {
      await put(current.version);
      return settle(true);
    } catch (error) {
      failure = error;
    }
  }
  settle(false);
  dispatch(noticeShown('error', `Couldn’t save the settings of ${opened.description}: ${errorMessage(failure)}`));
}

export function registerProjectSettingsListener(startListening: AppStartListening) {
  startListening({
    actionCreator: projectEditRequested,
    effect: async (action, listenerApi) => {
      const { id, opened, changes, requestId } = action.payload;
      await queuesOf(listenerApi.getState).settings.run(id, async () => {
        await send(listenerApi.dispatch, opened, changes, (ok) => {
          listenerApi.dispatch(projectEditSettled({ id, requestId, ok }));
        });
      });
    },
  });
}
