import { createAction, nanoid } from '@reduxjs/toolkit';
import type { Project } from '../../../shared/contract/userAndTeam';

export type ProjectChanges = Partial<Pick<Project, 'description' | 'projectDescription' | 'status' | 'milestones'>>;

/**
 * A settings change asked for: shown at once (spec §4) and remembered until answered; the projects
 * listener sends it, after any earlier one of the same project, as an edit of the version it was made on.
 */
export const projectEditRequested = createAction(
  'projects/editRequested',
  (opened: Project, changes: ProjectChanges) => ({
    payload: { id: opened.id, opened, changes, requestId: nanoid() },
  }),
);
/** Its answer: accepted, or refused (the fields go back to the newest edit still on its way, or else to what the server last accepted). */
export const projectEditSettled = createAction<{ id: string; requestId: string; ok: boolean }>('projects/editSettled');

/** Someone else saved the same settings first: their project as it is now, and this user's refused values to re-apply. */
export const projectEditConflicted = createAction<{ current: Project; mine: ProjectChanges; theirs: ProjectChanges }>(
  'projects/editConflicted',
);
/** The user saved the settings again (or dropped theirs): the conflict is over. */
export const projectConflictResolved = createAction<string>('projects/conflictResolved');
