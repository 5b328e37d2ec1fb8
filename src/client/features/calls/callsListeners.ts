/**
 * The in-flight counter and the blocking flag (spec §4), kept by the listener middleware: every RTK
 * Query mutation (exactly Baton's non-GET calls) counts from its start to its answer or failure.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listeners';
import { callSettled, callStarted } from './callsSlice';

type MutationAction = UnknownAction & { meta: { arg: { type: string; endpointName: string }; requestStatus: string } };

const mutationPhase =
  (phase: 'pending' | 'settled') =>
  (action: UnknownAction): action is MutationAction => {
    const meta = (action as Partial<MutationAction>).meta;
    if (meta?.arg?.type !== 'mutation') return false;
    return phase === 'pending' ? meta.requestStatus === 'pending' : meta.requestStatus !== 'pending';
  };

export function registerCallsListeners(startListening: AppStartListening) {
  startListening({
    predicate: mutationPhase('pending'),
    effect: (action, listenerApi) => {
      listenerApi.dispatch(callStarted({ endpointName: (action as MutationAction).meta.arg.endpointName }));
    },
  });
  startListening({
    predicate: mutationPhase('settled'),
    effect: (action, listenerApi) => {
      listenerApi.dispatch(callSettled({ endpointName: (action as MutationAction).meta.arg.endpointName }));
    },
  });
}
