import { createAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';

/** The channel every tab of this origin listens on for the end of the browser's session. */
const CHANNEL = 'baton-session';
const SIGNED_OUT = 'signed-out';

/** Another tab of this browser signed out: the session cookie they shared is gone. */
export const signedOutInAnotherTab = createAction('session/signedOutInAnotherTab');

/** Tells this browser's other tabs that the user signed out here. */
export function tellOtherTabsSignedOut() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: SIGNED_OUT });
  channel.close();
}

/** While mounted, a sign-out in another tab ends the session in this one too. */
export function useSignOutInOtherTabs() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if ((event.data as { type?: unknown } | null)?.type === SIGNED_OUT) dispatch(signedOutInAnotherTab());
    };
    return () => channel.close();
  }, [dispatch]);
}
