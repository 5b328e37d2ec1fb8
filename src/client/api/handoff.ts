import { enhancedApi } from './handoff.gen';

/** The handoff group: a send changes the item, which the items listeners apply (itemHandedOff). */
export const handoffApi = enhancedApi;
export const { useSendToAgentMutation } = handoffApi;
export type { SendToAgentApiResponse } from './handoff.gen';
