/**
 * The kind of item a piece of work is, from what its words say: showing or walking someone through
 * it is a demo; announcing, posts, articles, release notes, pricing pages, store listings and
 * newsletters are go-to-market; building, fixing and migrating are implementation. Undefined when
 * nothing says, so the project's default applies.
 */
import { ItemType } from '../../shared/enums';

/** The leading verb decides first ("Build the landing page" is implementation work). */
const VERB_KINDS: Record<string, ItemType> = {
  demo: ItemType.Demo,
  demonstrate: ItemType.Demo,
  present: ItemType.Demo,
  showcase: ItemType.Demo,
  announce: ItemType.GoToMarket,
  publish: ItemType.GoToMarket,
  post: ItemType.GoToMarket,
  tweet: ItemType.GoToMarket,
  blog: ItemType.GoToMarket,
  promote: ItemType.GoToMarket,
  advertise: ItemType.GoToMarket,
  market: ItemType.GoToMarket,
  launch: ItemType.GoToMarket,
};
for (const verb of [
  'build',
  'rebuild',
  'fix',
  'migrate',
  'implement',
  'refactor',
  'add',
  'remove',
  'delete',
  'upgrade',
  'replace',
  'cache',
  'store',
  'sync',
  'rotate',
  'deploy',
  'integrate',
  'index',
  'track',
  'optimize',
  'optimise',
  'speed',
  'debug',
  'patch',
  'port',
  'rewrite',
  'automate',
  'encrypt',
  'upload',
  'import',
  'export',
  'prorate',
])
  VERB_KINDS[verb] = ItemType.Implementation;

/** Verbs that are a demo only with an audience: "show it to the sales team", not "show a banner". */
const TO_SOMEONE = /^(?:show|walk|take)$/;
const AUDIENCE = /\b(?:to|through|with)\b/i;

const DEMO_WORDS = /\b(?:demos?|webinars?|walk-?throughs?|presentations?|showcase)\b/i;
const GTM_WORDS =
  /\b(?:announce(?:ment)?s?|release notes?|changelog|blog|articles?|newsletters?|pricing page|(?:app|play) store|store listings?|landing page|press release|launch (?:email|post|video)|marketing|social media|twitter|linkedin|product hunt|screenshots|help[- ]cent(?:er|re)|docs|documentation|guides?|tutorials?|case stud(?:y|ies)|email campaign)\b/i;

/** The first word of plain text, lower case, past markup (`**Fix**` → `fix`). */
const firstWord = (text: string) => /[\p{L}][\p{L}'-]*/u.exec(text)?.[0].toLowerCase() ?? '';

export function kindFromWords(title: string): ItemType | undefined {
  const verb = firstWord(title);
  if (TO_SOMEONE.test(verb)) {
    if (AUDIENCE.test(title.slice(title.toLowerCase().indexOf(verb) + verb.length))) return ItemType.Demo;
  } else if (VERB_KINDS[verb] !== undefined) return VERB_KINDS[verb];
  if (DEMO_WORDS.test(title)) return ItemType.Demo;
  if (GTM_WORDS.test(title)) return ItemType.GoToMarket;
  return undefined;
}

/** Verbs that start a piece of work even where a tagger reads a noun ("Store the jobs", "Demo SSO"). */
const NEUTRAL_VERBS = new Set(
  'write update create design send host refresh reward schedule mute alert highlight test document email invite show walk take review'.split(
    ' ',
  ),
);

export const isWorkVerb = (word: string) => VERB_KINDS[word] !== undefined || NEUTRAL_VERBS.has(word);
