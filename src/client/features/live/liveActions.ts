import { createAction } from '@reduxjs/toolkit';
import type { TeamChange } from '../../../shared/contract/events';

/** A change another member (or an agent, or GitHub) made in the active team, heard over the events stream. */
export const teamChangeReceived = createAction<TeamChange>('live/teamChangeReceived');
/** Events may have been missed (reconnected, reset, back after a long absence): read everything shown again. */
export const liveResyncNeeded = createAction('live/resyncNeeded');
/** The server says the user is no longer in the team whose events the stream carried. */
export const removedFromTeam = createAction('live/removedFromTeam');
