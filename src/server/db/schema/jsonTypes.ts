export type { FirstRunExperienceState } from '../../../shared/contract/userAndTeam';
export type JsonObjectValue = Record<string, unknown>;
