/** An invite link is `/?invite=CODE`; the code rides along into sign-in. */
export const inviteParameter = 'invite';

export function inviteCodeFrom(search: URLSearchParams): string | undefined {
  const code = search.get(inviteParameter)?.trim();
  return code ? code : undefined;
}
