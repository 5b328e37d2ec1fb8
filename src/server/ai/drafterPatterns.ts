/**
 * The patterns drafts (engineering and product): every claim in the answers (drafterStatements) phrased
 * as a rule (drafterRules), with why — the reason the answer gives, else what its question established
 * ("it is how the code is tested") — and where it applies: the item kinds its family concerns and the
 * open items on the project's board whose titles name what the rule is about. Claims that say the same
 * thing are one pattern, whichever question they answered. Nothing is added that the answers (or, with
 * none, the description) do not say; with only markup, one pattern named after the text.
 */
import { AGENT_LIMITS as L, type QuestionAnswer } from '../../shared/contract/agent';
import { displayTitle } from '../../shared/displayTitle';
import { ItemType } from '../../shared/enums';
import { claimsOfEach } from './drafterStatements';
import { ruleOf, type Frame, type Rule } from './drafterRules';
import { clip } from './drafterText';
import type { OutlineItem } from './port';
import type { CatalogueQuestion } from './questionCatalogue';

export type PatternFlow = 'engineering' | 'product';

interface Family {
  frame: Frame;
  /** Why, when the answer gives no reason: what its question established. */
  why?: string;
  kinds: ItemType[];
}

const { Demo, Implementation, GoToMarket } = ItemType;

const FAMILIES: Record<PatternFlow, Record<string, Family>> = {
  engineering: {
    stack: {
      frame: { template: 'Build with {}', article: false, phrase: true, keepCase: true },
      why: 'it is what the code is built with',
      kinds: [Implementation],
    },
    structure: {
      frame: { template: 'Keep the code in {}', article: true },
      why: 'it is how the code is organised',
      kinds: [Implementation],
    },
    testing: {
      frame: { template: 'Test with {}', article: false, keepCase: true },
      why: 'it is how the code is tested',
      kinds: [Implementation],
    },
    conventions: {
      frame: { template: 'Keep to {}', article: true },
      why: 'every change follows the same conventions',
      kinds: [Implementation],
    },
    avoid: {
      frame: { template: 'Never add {}', article: false, negative: true },
      why: 'the team has ruled it out',
      kinds: [Implementation],
    },
  },
  product: {
    users: {
      frame: { template: 'Design for {}', article: false, phrase: true },
      why: 'they are who the product is for',
      kinds: [Demo],
    },
    voice: {
      frame: { template: 'Write in {}', article: true, describing: 'Sound {}' },
      why: 'it is how the product speaks to users',
      kinds: [Implementation, GoToMarket],
    },
    interface: {
      frame: { template: 'Use {}', article: false },
      why: 'the pattern recurs across the product',
      kinds: [Implementation],
    },
    quality: {
      frame: { template: 'Get {} right', article: false },
      why: 'every feature must get it right',
      kinds: [Demo, Implementation],
    },
    avoid: {
      frame: { template: 'Never add {}', article: false, negative: true },
      why: 'the team has ruled it out',
      kinds: [Demo, Implementation, GoToMarket],
    },
  },
};

/** A question of the team's own, or the description when nothing was answered. */
const OWN: Record<PatternFlow, Family> = {
  engineering: { frame: { template: 'Keep to {}', article: true }, kinds: [Implementation] },
  product: { frame: { template: 'Keep to {}', article: true }, kinds: [Demo, Implementation] },
};

const KIND_NAMES: Record<number, string> = {
  [Demo]: 'demos',
  [Implementation]: 'implementations',
  [GoToMarket]: 'go-to-market items',
};
/** How many board items a pattern lists before it says how many more. */
const LISTED = 5;
/** Nouns too general to tie a pattern to an item ("every change", "the code"). */
const GENERAL = new Set('change code feature item thing everything something way team user product app one'.split(' '));

interface Drafted {
  rule: Rule;
  reasons: string[];
  families: Family[];
}

function familyOf(flow: PatternFlow, catalogue: CatalogueQuestion[], entry: QuestionAnswer): Family {
  const known =
    catalogue.find((question) => question.id === entry.questionId) ??
    catalogue.find((question) => question.question === entry.question.trim());
  return (known && FAMILIES[flow][known.id]) ?? OWN[flow];
}

const similar = (a: string[], b: string[]) => {
  if (a.length === 0 || b.length === 0) return false;
  const shared = a.filter((word) => b.includes(word)).length;
  return shared / new Set([...a, ...b]).size >= 0.75;
};

/** A board title's words as the rules' nouns are stemmed. */
const titleStems = (title: string) =>
  new Set(
    (title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) =>
      word
        .replace(/ies$/, 'y')
        .replace(/(ch|sh|x|ss)es$/, '$1')
        .replace(/s$/, ''),
    ),
  );

const listed = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');

/** A reason as it reads after "Why:": "Fast" → "fast", but "API calls…" keeps its capital. */
const lowered = (text: string) => (/^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

function describeOf(drafted: Drafted, board: { item: OutlineItem; stems: Set<string> }[]): string {
  const kinds = [...new Set(drafted.families.flatMap((family) => family.kinds))].sort();
  const why = drafted.reasons.length > 0 ? drafted.reasons.map(lowered).join('; ') : drafted.families[0]!.why;
  const nouns = drafted.rule.nouns.filter((noun) => !GENERAL.has(noun));
  const items = board.filter(
    ({ item, stems }) =>
      !item.completed && kinds.includes(item.itemType as ItemType) && nouns.some((noun) => stems.has(noun)),
  );
  const lines = [drafted.rule.rule];
  if (why) lines.push(`Why: ${why}.`);
  lines.push(`Applies to: ${listed(kinds.map((kind) => KIND_NAMES[kind]!))}.`);
  if (items.length > 0) {
    const shown = items.slice(0, LISTED).map(({ item }) => `${item.key} ${item.title}`);
    if (items.length > LISTED) shown.push(`${items.length - LISTED} more`);
    lines.push(`On the board: ${listed(shown)}.`);
  }
  return lines.join('\n');
}

export function patternsFrom(
  flow: PatternFlow,
  input: {
    description: string;
    answers: QuestionAnswer[];
    catalogue: CatalogueQuestion[];
    board: readonly OutlineItem[];
  },
) {
  const answers = input.answers.filter((entry) => entry.answer.trim() !== '');
  const sources =
    answers.length > 0
      ? answers.map((entry) => ({ text: entry.answer, family: familyOf(flow, input.catalogue, entry) }))
      : [{ text: input.description, family: OWN[flow] }];

  const drafted: Drafted[] = [];
  const claimed = claimsOfEach(sources.map(({ text, family }) => ({ text, oneList: family.frame.phrase === true })));
  for (const [at, { family }] of sources.entries()) {
    for (const claim of claimed[at]!) {
      const rule = ruleOf(claim.words, family.frame);
      if (!rule || rule.name.trim() === '') continue;
      const same = drafted.find(
        (other) =>
          other.rule.negative === rule.negative &&
          (other.rule.name.toLowerCase() === rule.name.toLowerCase() || similar(other.rule.words, rule.words)),
      );
      if (same) {
        same.reasons.push(...claim.reasons.filter((reason) => !same.reasons.includes(reason)));
        if (!same.families.includes(family)) same.families.push(family);
      } else drafted.push({ rule, reasons: [...claim.reasons], families: [family] });
    }
  }

  const board = input.board.map((item) => ({ item, stems: titleStems(item.title) }));
  const patterns = drafted.slice(0, L.patterns).map((entry) => ({
    name: clip(entry.rule.name, L.patternName),
    description: clip(describeOf(entry, board), L.shortText),
  }));
  // Only markup (say "#"): one pattern named after the whole text.
  if (patterns.length === 0)
    patterns.push({
      name: clip(displayTitle(input.description), L.patternName),
      description: clip(input.description.trim(), L.shortText),
    });
  return { patterns };
}
