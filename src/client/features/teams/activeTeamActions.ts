import { createAction } from '@reduxjs/toolkit';
import type { ActiveTeam } from '../../../shared/contract/userAndTeam';

/** The parts of the active team a user edits in place (spec §4: applied optimistically, rolled back on failure). */
export type ActiveTeamChanges = Partial<
  Pick<
    ActiveTeam,
    'teamName' | 'firstRunExperienceState' | 'goToMarketPlan' | 'globalTeamData' | 'planningDataVersion' | 'testCommand'
  >
>;

/**
 * Changes the active team in the session's core context, if it is still the team named: an answer
 * (or a rollback) that arrives after a team switch must not touch the new team.
 */
export const activeTeamPatched = createAction<{ teamId: string; changes: ActiveTeamChanges }>(
  'coreContext/activeTeamPatched',
);
