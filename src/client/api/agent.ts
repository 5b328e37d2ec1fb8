import { enhancedApi } from './agent.gen';

/**
 * The agent group. A generation changes nothing the client has cached (drafts are saved with PUT
 * /agent/<kind>, which is still to come); its QuotaLimit answer routes to the account settings through
 * quotaErrorEndpoints ('generateAgentContent').
 */
export const agentApi = enhancedApi;

export const { useGenerateAgentContentMutation } = agentApi;
