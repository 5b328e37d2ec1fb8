import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TEAM_EVENTS_PATH, type TeamChange, type TeamEvent } from '../../../shared/contract/events';
import { tabId } from '../../api/tabId';
import { liveResyncNeeded, removedFromTeam, teamChangeReceived } from './liveActions';

/** Away longer than this (a sleeping laptop, a background tab), the board is read again on return. */
const STALE_AFTER_MS = 60_000;

/**
 * Keeps the board live: listens to the active team's events stream (server-sent events; the browser
 * reconnects by itself and resumes with Last-Event-ID) and hands each event to the live listeners.
 * Renders nothing; mounted once in the app shell, and again for each team the user switches to.
 */
export function LiveUpdates() {
  const dispatch = useAppDispatch();
  const teamId = useAppSelector((state) => state.team.active?.id ?? null);

  useEffect(() => {
    if (!teamId || typeof EventSource === 'undefined') return;
    const source = new EventSource(TEAM_EVENTS_PATH);
    let dropped = false;
    let hiddenAt: number | null = null;
    source.addEventListener('change', (event) => {
      const { origin, ...change } = JSON.parse(event.data) as TeamEvent;
      // This tab made it: its own store has it already.
      if (origin !== tabId) dispatch(teamChangeReceived(change as TeamChange));
    });
    source.addEventListener('reset', () => dispatch(liveResyncNeeded()));
    source.addEventListener('removed', () => {
      source.close();
      dispatch(removedFromTeam());
    });
    source.addEventListener('error', () => {
      dropped = true;
    });
    source.addEventListener('open', () => {
      // Reconnected: the stream resumes, but what is shown may have been read before the gap.
      if (dropped) dispatch(liveResyncNeeded());
      dropped = false;
    });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt !== null && Date.now() - hiddenAt > STALE_AFTER_MS) dispatch(liveResyncNeeded());
      if (document.visibilityState === 'visible') hiddenAt = null;
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      source.close();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [dispatch, teamId]);

  return null;
}
