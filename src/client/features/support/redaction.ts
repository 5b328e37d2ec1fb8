/**
 * What a support snapshot hides: secrets (secretRedaction.ts, which Redux DevTools use too), other
 * people's e-mail addresses and, when the user asks, what the items say. Pure functions: the input is
 * not changed.
 */
import { isSecretKey, mapDeep, REDACTED } from './secretRedaction';

export { REDACTED };
export const CONTENT_REMOVED = '[content removed]';

/**
 * Free text a user wrote (comments' and context items' `body`, the team's go-to-market plan and global
 * data too): left out when "Include content" is unticked.
 */
const CONTENT_KEYS = new Set([
  'description',
  'projectDescription',
  'goals',
  'newTestScenarios',
  'instructions',
  'body',
  'goToMarketPlan',
  'globalTeamData',
]);
/** A planning conflict is kept under `<teamId> <field>` (planningConflictKey): it holds that field's text. */
const isContentKey = (key: string) => CONTENT_KEYS.has(key) || CONTENT_KEYS.has(key.slice(key.lastIndexOf(' ') + 1));

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;

export interface SupportRedactionOptions {
  /** The user's own address stays (it is theirs to share); everyone else's is replaced. */
  ownEmailAddress: string | null;
  /** Unticked: item and project texts are replaced by "[content removed]". */
  includeContent: boolean;
}

/** Replaces text, keeping its shape: a string becomes the marker, a list of strings a list of markers. */
function removeContent(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? value : CONTENT_REMOVED;
  if (Array.isArray(value)) return value.map(removeContent);
  if (value && typeof value === 'object') return mapDeep(value, (_key, inner) => removeContent(inner));
  return value;
}

/**
 * A copy fit to hand to support: secrets redacted, other people's e-mail addresses replaced by stable
 * stand-ins (the same person keeps the same stand-in, so who did what still reads), and free text
 * removed unless the user keeps it.
 */
export function redactForSupport<T>(value: T, options: SupportRedactionOptions): T {
  const own = options.ownEmailAddress?.toLowerCase() ?? null;
  const standIns = new Map<string, string>();
  const hideAddresses = (text: string) =>
    text.replace(EMAIL, (address) => {
      const lower = address.toLowerCase();
      if (lower === own) return address;
      let standIn = standIns.get(lower);
      if (!standIn) {
        standIn = `person-${standIns.size + 1}@redacted.invalid`;
        standIns.set(lower, standIn);
      }
      return standIn;
    });
  // Addresses hide in keys and list entries too: the team's invites are kept by e-mail address.
  const walk = (key: string | null, inner: unknown): unknown => {
    if (key !== null && isSecretKey(key)) return REDACTED;
    if (key !== null && !options.includeContent && isContentKey(key)) return removeContent(inner);
    if (typeof inner === 'string') return hideAddresses(inner);
    if (Array.isArray(inner)) return inner.map((entry) => walk(null, entry));
    if (inner && typeof inner === 'object') {
      return Object.fromEntries(Object.entries(inner).map(([name, entry]) => [hideAddresses(name), walk(name, entry)]));
    }
    return inner;
  };
  return walk(null, value) as T;
}
