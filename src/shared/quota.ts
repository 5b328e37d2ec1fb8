/** Quota kinds, their user-facing messages (spec §8) and settings features (spec §2). */

export const QuotaKinds = [
  'owned-team',
  'team-members',
  'total-teams',
  'projects',
  'project-items',
  'agent-actions',
] as const;
export type QuotaKind = (typeof QuotaKinds)[number];

export const quotaMessages: Record<QuotaKind | 'unknown', string> = {
  unknown: 'Sorry, there was a problem.',
  'owned-team': 'Sorry, you have reached your quota for the number of Teams you can own.',
  'team-members': "Sorry, you don't have any open User licenses to add a Team Member.",
  'total-teams': 'Sorry, you have reached your quota for the number of Teams you can have.',
  projects: 'Sorry, you have reached your quota for the number of Projects you can have.',
  'project-items': 'Sorry, you have reached your quota for the number of Project Items you can have in your Project.',
  'agent-actions': 'Sorry, you have reached your quota for the number of Agent Actions you can perform each month.',
};
export const defaultQuotaMessage = 'You have reached a quota limit.';

export const SettingsFeatures = ['teams', 'users', 'projects', 'project-items', 'agent'] as const;
export type SettingsFeature = (typeof SettingsFeatures)[number];

/** The spec's table names the projects quota 'number-of-projects'; both spellings route the same. */
const featureOfQuota: Record<string, SettingsFeature> = {
  'owned-team': 'teams',
  'team-members': 'users',
  'total-teams': 'teams',
  'number-of-projects': 'projects',
  projects: 'projects',
  'project-items': 'project-items',
  'agent-actions': 'agent',
};

export function isQuotaKind(value: unknown): value is QuotaKind {
  return typeof value === 'string' && (QuotaKinds as readonly string[]).includes(value);
}

export function quotaMessage(kind: string | undefined): string {
  if (kind === undefined) return defaultQuotaMessage;
  const canonical = kind === 'number-of-projects' ? 'projects' : kind;
  return isQuotaKind(canonical) ? quotaMessages[canonical] : quotaMessages.unknown;
}

/** Where the user is sent on a quota error: the account settings page, with a feature when known. */
export function accountSettingsPath(kind: string | undefined): string {
  const feature = kind === undefined ? undefined : featureOfQuota[kind];
  return feature ? `/settings/account?feature=${feature}` : '/settings/account';
}
