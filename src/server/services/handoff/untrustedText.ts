/**
 * User text on its way into a GitHub issue an agent reads (agents.md §3): nothing in it may hide
 * instructions from a human reader or trigger anything on GitHub.
 */

// HTML comments render as nothing on GitHub but an agent reads them.
const HTML_COMMENT = /<!--[\s\S]*?(-->|$)/g;
// Zero-width and bidirectional controls, the BOM, and the Unicode tag block (U+E0000–U+E007F), which
// can carry text no reader sees.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;
// @someone or @org/team would notify (or summon an agent such as @claude or @copilot).
const MENTION = /(^|[^\w`])@([A-Za-z0-9][A-Za-z0-9-]*(?:\/[A-Za-z0-9_.-]+)?)/g;
// A line that starts with a slash command (/assign, /label…) some bots act on.
const SLASH_COMMAND = /^(\s*)\/(?=[A-Za-z])/gm;

/** The text with hidden content removed and mentions and slash commands made inert (as code). */
export function neutralise(text: string): string {
  return text
    .replace(HTML_COMMENT, '')
    .replace(INVISIBLE, '')
    .replace(MENTION, (_match, before: string, name: string) => `${before}\`@${name}\``)
    .replace(SLASH_COMMAND, (_match, indent: string) => `${indent}\\/`);
}
