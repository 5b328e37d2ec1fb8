/**
 * Saves a project's settings as an edit of the version the dialog opened on: a change someone else made
 * to other fields meanwhile is kept (the edit is sent again on top of it); one to the same fields keeps
 * this user's values in the store for the dialog to offer again, and says so. Nothing is lost silently.
 */
import type { AppDispatch } from '../../app/store';
import { projectsApi } from '../../api/projects';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { conflictingRecord, fieldsChangedByOthers } from '../../api/conflicts';
import type { Project } from '../../../shared/contract/userAndTeam';
import type { UpdateProjectApiArg } from '../../api/projects.gen';
import { noticeShown } from '../board/boardSlice';
import { projectConflictResolved, projectEditConflicted, type ProjectChanges } from './projectActions';

export function saveProjectSettings(opened: Project, changes: ProjectChanges) {
  return async (dispatch: AppDispatch): Promise<void> => {
    dispatch(projectConflictResolved(opened.id));
    const send = (version: number) =>
      dispatch(
        projectsApi.endpoints.updateProject.initiate({
          id: opened.id,
          body: { ...changes, version } as UpdateProjectApiArg['body'],
        }),
      ).unwrap();
    let failure: unknown;
    try {
      await send(opened.version);
      return;
    } catch (error) {
      failure = error;
    }
    const current = conflictingRecord(failure) as (Project & Record<string, unknown>) | null;
    if (current) {
      const fields = Object.keys(changes) as (keyof ProjectChanges)[];
      const clashing = fieldsChangedByOthers(fields, opened, current);
      if (clashing.length > 0) {
        const theirs = Object.fromEntries(clashing.map((field) => [field, current[field]])) as ProjectChanges;
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
        await send(current.version);
        return;
      } catch (error) {
        failure = error;
      }
    }
    dispatch(noticeShown('error', `Couldn’t save the settings of ${opened.description}: ${errorMessage(failure)}`));
  };
}
