import { nanoid } from '@reduxjs/toolkit';

/** This browser tab, for the server's live events (which tab made a change). New on every page load. */
export const tabId = nanoid();
