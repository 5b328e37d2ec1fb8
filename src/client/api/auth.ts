import { enhancedApi } from './auth.gen';

/** The auth group: generated endpoints plus caching rules the spec sets (validate is never cached). */
export const authApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    listIdentityProviders: { providesTags: ['IdentityProviders'] },
    validateSession: { keepUnusedDataFor: 0 },
  },
});

export const {
  useListIdentityProvidersQuery,
  useTestAuthenticateMutation,
  useExchangeTokenMutation,
  useValidateInviteMutation,
  useSignOutMutation,
  useValidateSessionQuery,
} = authApi;
