/**
 * A git branch name as `git check-ref-format --branch` accepts it (no `..`, `@{`, `//`, control
 * characters, space, `~ ^ : ? * [ \`; no part starting with `.` or ending in `.lock`; not `-…`,
 * `…/`, `….`, `@` or `HEAD`), narrowed for text an agent reads: no backtick and no invisible or
 * blank Unicode characters. Whether the branch exists is GitHub's to answer, at send time.
 */
/* eslint-disable no-control-regex, no-misleading-character-class -- it lists the characters it refuses */
export const BRANCH_NAME =
  /^(?!-)(?!\/)(?!\.)(?!.*\/\/)(?!.*\.\.)(?!.*@\{)(?!.*\/\.)(?!.*\.lock(?:\/|$))(?!.*[/.]$)(?!@$)(?!HEAD$)[^\x00-\x20\x7F~^:?*[\\`\x80-\xA0\xAD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB]+$/u;
/* eslint-enable no-control-regex, no-misleading-character-class */
