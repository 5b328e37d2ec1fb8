import { createAction } from '@reduxjs/toolkit';
import type { Project } from '../../../shared/contract/userAndTeam';

export type ProjectChanges = Partial<Pick<Project, 'description' | 'projectDescription' | 'status' | 'milestones'>>;

/** A project's settings changed in place: optimistically, or back again when the server refused. */
export const projectPatched = createAction<{ id: string; changes: ProjectChanges }>('projects/patched');
