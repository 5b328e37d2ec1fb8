import type { Action } from '@reduxjs/toolkit';
import { redactSecrets } from '../features/support/secretRedaction';

export { redactSecrets };

/** DevTools are on in every build (QA scripts flows with them); secrets are stripped first (support/secretRedaction.ts). */
export const devToolsOptions = {
  name: 'Baton',
  actionSanitizer: <A extends Action>(action: A): A => redactSecrets(action),
  stateSanitizer: <S>(state: S): S => redactSecrets(state),
};
