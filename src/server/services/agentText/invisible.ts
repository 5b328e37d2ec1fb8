/**
 * Characters no reader sees. Unicode's Default_Ignorable_Code_Point covers zero-width characters,
 * variation selectors, the soft hyphen, the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the
 * Mongolian vowel separator (U+180E), bidi controls and the tag block; format characters (Cf) and
 * control characters other than tab and line breaks join them.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const hasInvisible = (text: string) => new RegExp(INVISIBLE.source, 'u').test(text);

/** The text without invisible characters; lone surrogates become U+FFFD. */
export const stripInvisible = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD').replace(INVISIBLE, '');

/**
 * Compatibility forms that stand for ASCII — fullwidth (＠, ＜, ｀), small forms (﹫, ﹤) and the
 * mathematical letters (𝐜𝐥𝐚𝐮𝐝𝐞) — folded by NFKC. Other compatibility characters (…, ², ﬁ, ™) are
 * kept as written: folding them would change ordinary prose.
 */
const ASCII_LOOKALIKE = /[\uFF01-\uFF5E\uFE50-\uFE6B\u{1D400}-\u{1D7FF}]/gu;

/** Whether folding would change anything (most text needs no parse for it). */
export const needsFolding = (text: string) =>
  new RegExp(ASCII_LOOKALIKE.source, 'u').test(text) || text.normalize('NFC') !== text;

export const foldLookalikes = (text: string) =>
  text.normalize('NFC').replace(ASCII_LOOKALIKE, (character) => character.normalize('NFKC'));
