/**
 * Mentions in comments (docs/comments.md): `@alice` names the member whose e-mail address starts
 * `alice@`, `@alice@example.com` names that address. A short handle two members share names neither
 * (the full address does). Text in code spans and fenced code is not read.
 */

export interface Mentionable {
  userId: string;
  emailAddress: string;
}

const MENTION = /(?<![\w@.+-])@([A-Za-z0-9._%+-]+(?:@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)?)/g;
const CODE = /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`/g;

/** The handle a member is mentioned by: the part of the address before the `@`. */
export const mentionHandle = (emailAddress: string) => emailAddress.slice(0, emailAddress.indexOf('@'));

/** The members a comment mentions, in the order first named. */
export function mentionedMembers<T extends Mentionable>(text: string, members: readonly T[]): T[] {
  const byAddress = new Map(members.map((member) => [member.emailAddress.toLowerCase(), member]));
  const byHandle = new Map<string, T | null>();
  for (const member of members) {
    const handle = mentionHandle(member.emailAddress).toLowerCase();
    byHandle.set(handle, byHandle.has(handle) ? null : member);
  }
  const found = new Map<string, T>();
  for (const match of text.replace(CODE, ' ').matchAll(MENTION)) {
    const name = match[1]!.replace(/[._%+-]+$/, '').toLowerCase();
    const member = name.includes('@') ? byAddress.get(name) : byHandle.get(name);
    if (member && !found.has(member.userId)) found.set(member.userId, member);
  }
  return [...found.values()];
}
