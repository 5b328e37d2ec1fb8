import { setupStore } from '../../../src/client/app/store';
import { accountApi } from '../../../src/client/api/account';
import {
  quotaErrorDismissed,
  quotaErrorRaised,
  selectActiveQuotaError,
} from '../../../src/client/features/quota/quotaErrorSlice';

/** What RTK Query dispatches when a mutation's call answers QuotaLimit. */
const rejectedCall = (endpointName: string, quotaKind: string) => ({
  // Shaped like RTK Query's rejected mutation; its own type keeps the api middleware out of it.
  type: 'test/executeMutation/rejected',
  payload: { status: 500, data: { result: 'QuotaLimit', message: 'x', data: { quotaKind } } },
  meta: { arg: { type: 'mutation', endpointName }, rejectedWithValue: true, requestStatus: 'rejected', requestId: 'r' },
  error: { message: 'Rejected' },
});

describe('the active quota error', () => {
  it.each([
    ['createTeam', 'owned-team', 'Sorry, you have reached your quota for the number of Teams you can own.'],
    ['inviteTeamMember', 'team-members', "Sorry, you don't have any open User licenses to add a Team Member."],
    ['createProject', 'projects', 'Sorry, you have reached your quota for the number of Projects you can have.'],
    [
      'generateAgentContent',
      'agent-actions',
      'Sorry, you have reached your quota for the number of Agent Actions you can perform each month.',
    ],
  ])('is set by a QuotaLimit answer to %s', (endpointName, quotaKind, message) => {
    const { store } = setupStore();
    store.dispatch(rejectedCall(endpointName, quotaKind));
    expect(selectActiveQuotaError(store.getState())).toEqual({ quotaKind, message });
  });

  it('is set only if none is active', () => {
    const { store } = setupStore();
    store.dispatch(rejectedCall('createTeam', 'owned-team'));
    store.dispatch(rejectedCall('createProject', 'projects'));
    expect(selectActiveQuotaError(store.getState())?.quotaKind).toBe('owned-team');
    store.dispatch(quotaErrorDismissed());
    store.dispatch(rejectedCall('createProject', 'projects'));
    expect(selectActiveQuotaError(store.getState())?.quotaKind).toBe('projects');
  });

  it('ignores QuotaLimit answers of other calls and other failures', () => {
    const { store } = setupStore();
    store.dispatch(rejectedCall('putAppSettings', 'projects'));
    expect(selectActiveQuotaError(store.getState())).toBeNull();
  });

  it('can be raised by the client before calling, with the unknown message for an unknown kind', () => {
    const { store } = setupStore();
    store.dispatch(quotaErrorRaised('mystery'));
    expect(selectActiveQuotaError(store.getState())).toEqual({
      quotaKind: 'mystery',
      message: 'Sorry, there was a problem.',
    });
  });

  it('is cleared by a plan change, which may have lifted the limit', async () => {
    const { store } = setupStore();
    store.dispatch(rejectedCall('createProject', 'projects'));
    await store.dispatch(accountApi.endpoints.putPlan.initiate({ plan: 'team', billingPeriod: 0 }));
    expect(selectActiveQuotaError(store.getState())).toBeNull();
  });
});
