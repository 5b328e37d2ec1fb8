/** The variables one GitHub App needs together (docs/handoff.md): all six, or none. */
export const GITHUB_APP_SETTINGS = [
  'GITHUB_APP_ID',
  'GITHUB_APP_SLUG',
  'GITHUB_APP_PRIVATE_KEY',
  'GITHUB_WEBHOOK_SECRET',
  'GITHUB_APP_CLIENT_ID',
  'GITHUB_APP_CLIENT_SECRET',
] as const;

/** The settings in one phrase: "A, B, … and F". */
export const githubAppSettingsPhrase = `${GITHUB_APP_SETTINGS.slice(0, -1).join(', ')} and ${GITHUB_APP_SETTINGS.at(-1)}`;
