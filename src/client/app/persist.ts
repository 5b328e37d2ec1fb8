import { persistReducer } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { coreContextSlice, type CoreContextState } from '../features/session/coreContextSlice';

/** Local-storage key of the persisted part of the core context (spec §3). */
export const CORE_CONTEXT_STORAGE_KEY = 'core-context';

/** Only the last provider and the last auth extension survive a reload; nothing else is persisted. */
export const persistedCoreContextReducer = persistReducer<CoreContextState>(
  { key: CORE_CONTEXT_STORAGE_KEY, storage, whitelist: ['lastIdentityProvider', 'lastAuthExtensionTimestamp'] },
  coreContextSlice.reducer,
);
