/**
 * A git branch name as `git check-ref-format --branch` accepts it, narrowed for text an agent reads.
 * Two parts, so JSON Schema can say it without lookaheads (which schema-driven generators lack):
 * the characters it may hold — no control characters, space, `~ ^ : ? * [ \`, no backtick and no
 * invisible or blank Unicode characters — and the shapes git refuses: `..`, `@{`, `//`, a part
 * starting with `.` or ending in `.lock`, a name starting with `-` or `/`, ending in `/` or `.`,
 * `@` alone, `HEAD`. Whether the branch exists is GitHub's to answer, at send time.
 */
/* eslint-disable no-control-regex, no-misleading-character-class -- it lists the characters it refuses */
export const BRANCH_CHARACTERS =
  /^[^\x00-\x20\x7F~^:?*[\\`\x80-\xA0\xAD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB]+$/;
/* eslint-enable no-control-regex, no-misleading-character-class */
export const REFUSED_BRANCH_SHAPE = /^[-/.]|\/\/|\.\.|@\{|\/\.|\.lock(?:\/|$)|[/.]$|^@$|^HEAD$/;

export const isBranchName = (name: string) =>
  name.length > 0 && name.length <= 255 && BRANCH_CHARACTERS.test(name) && !REFUSED_BRANCH_SHAPE.test(name);

export const BRANCH_NAME_RULES =
  'a git branch name: no spaces, backticks, invisible characters or any of ~ ^ : ? * [ \\, no ".." or "@{", no part starting with "." or ending in ".lock", not starting with "-" or "/" nor ending in "/" or "."';
