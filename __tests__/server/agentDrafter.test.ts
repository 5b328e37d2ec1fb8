import fc from 'fast-check';
import { createDrafter } from '../../src/server/ai/drafter';
import { splitIntoPieces } from '../../src/server/ai/drafterText';
import { contentProblem } from '../../src/server/ai/outputSchema';
import { ApiError } from '../../src/server/errors';
import { agentPairKeys, type AgentPairKey, type PairContent } from '../../src/shared/contract/agent';
import type { GenerationInput } from '../../src/server/ai/port';

const drafter = createDrafter();
const draft = <K extends AgentPairKey>(pair: K, inputModel: GenerationInput<K>['inputModel'], item = null) =>
  drafter.generate(pair, { inputModel, item } as GenerationInput<K>) as Promise<PairContent<K>>;

describe('the drafter (no AI provider)', () => {
  it('labels itself as the drafter, never as AI', () => {
    expect(drafter.draftedBy).toBe('drafter');
  });

  it('asks the fixed catalogue of questions for each flow, with stable ids', async () => {
    const story = await draft('product-story/motivatingQuestions', { description: 'A recipe app' });
    expect(story.questions.map((q) => q.id)).toEqual(['audience', 'problem', 'outcome', 'scope', 'measure']);
    const engineering = await draft('engineering-patterns/motivatingQuestions', { description: 'Our code' });
    expect(engineering.questions.map((q) => q.id)).toContain('testing');
    const product = await draft('product-patterns/motivatingQuestions', { description: 'Our product' });
    expect(product.questions.map((q) => q.id)).toContain('voice');
  });

  it('assembles a story from the description and the answered questions, skipping blank answers', async () => {
    const { story } = await draft('product-story/story', {
      description: 'Meal planning for busy parents.',
      answers: [
        { questionId: 'audience', question: 'Who is this for?', answer: 'Parents of young children' },
        { questionId: 'scope', question: 'Out of scope?', answer: '   ' },
        { question: 'Why now?', answer: 'Food prices doubled' },
      ],
    });
    // Composed from the answers, never repeated: who it is for, and a question of the team's own with its answer.
    expect(story).toBe(
      'Meal planning for busy parents.\n\n## Who it is for\n\nFor parents of young children.' +
        '\n\n## More from the answers\n\n- Why now: food prices doubled.' +
        '\n\n## Still to decide\n\n- What problem does it solve for them, in their words?' +
        '\n- What will be different for them when it works?\n- What is deliberately out of scope for now?' +
        '\n- How will you know it works (a number or a behaviour you can observe)?',
    );
  });

  it("names the project's open demos as what the story will show", async () => {
    const board = (key: string, itemType: number, title: string, completed = false) => ({
      id: key,
      key,
      itemType,
      title,
      completed,
      implementationIds: [],
      milestone: key === 'ADA-1' ? { name: 'Pilot', targetDate: '2026-12-15' } : null,
    });
    const { story } = (await drafter.generate('product-story/story', {
      inputModel: { description: 'Meal planning.' },
      item: null,
      project: {
        items: [
          board('ADA-1', 1, 'Weekly plan to the pilot families'),
          board('ADA-2', 2, 'Recipe import'),
          board('ADA-3', 1, 'Old demo', true),
          board('ADA-4', 1, 'Shopping list to the grocer'),
        ],
      },
    })) as PairContent<'product-story/story'>;
    expect(story).toBe(
      'Meal planning.\n\n## What we will show\n\n- ADA-1 Weekly plan to the pilot families (Pilot)\n- ADA-4 Shopping list to the grocer',
    );
  });

  it('writes the pinned story from a description alone', async () => {
    expect(await draft('product-story/story', { description: '  Plan the week  ' })).toEqual({
      story: 'Plan the week',
    });
  });

  it('plans milestones from bullets, or none with the questions to plan with when nothing names any work', async () => {
    const bulleted = await draft('project-plan/plan', {
      description: 'Launch the beta\n- Sign-up works\n  with email\n- Invite friends',
    });
    expect(bulleted.milestones).toEqual([
      { title: 'Sign-up works', description: 'with email' },
      { title: 'Invite friends', description: '' },
    ]);
    expect(bulleted.plan).not.toContain('Milestones');
    const plain = await draft('project-plan/plan', {
      description: 'A recipe app',
      story: 'Families eat better.\n\nMore',
    });
    expect(plain.milestones).toEqual([]);
    expect(plain.plan).toMatch(/^## Goal\n\nFamilies eat better\./);
    expect(plain.plan).toContain('## Questions to plan with\n\nNo milestones yet');
    expect(plain.plan).toContain('- What is the first thing you could show working, and to whom?');
  });

  it('groups the milestones by the demos the description names, with the work each needs and its date', async () => {
    const { milestones } = await draft('project-plan/plan', {
      description:
        'Show it to the sales team next week, build the backend integration with Stripe, update the checkout UI, write a help-center article and announce it in the newsletter.',
    });
    expect(milestones).toEqual([
      {
        title: 'Show it to the sales team next week',
        description: 'Needs:\n- Build the backend integration with Stripe\n- Update the checkout UI\n\nWhen: next week',
      },
      { title: 'Go to market', description: '- Write a help-center article\n- Announce it in the newsletter' },
    ]);
    const twoDemos = await draft('project-plan/plan', {
      description:
        '- Card vault\n- Demo saved cards to Acme on March 3\n- Receipts\n- Demo receipts to the team\n- Fix refunds',
    });
    expect(twoDemos.milestones).toEqual([
      { title: 'Demo saved cards to Acme on March 3', description: 'Needs:\n- Card vault\n\nWhen: on March 3' },
      { title: 'Demo receipts to the team', description: 'Needs:\n- Receipts' },
      { title: 'Build the rest', description: '- Fix refunds' },
    ]);
  });

  it("groups the board's open demos with their work, never repeating an item on the board nor bringing back a done demo", async () => {
    const board = (key: string, itemType: number, title: string, extra: object = {}) => ({
      id: key,
      key,
      itemType,
      title,
      completed: false,
      implementationIds: [],
      milestone: null,
      ...extra,
    });
    const { milestones } = (await drafter.generate('project-plan/plan', {
      inputModel: { description: '- Demo the old importer\n- Card vault\n- Fix refunds' },
      item: null,
      project: {
        items: [
          board('BAT-1', 1, 'Demo the old importer', { completed: true }),
          board('BAT-2', 1, 'Demo saved cards', { implementationIds: ['BAT-3', 'BAT-4'] }),
          board('BAT-3', 2, 'Card vault'),
          board('BAT-4', 2, 'Tokenise cards', { completed: true }),
        ],
      },
    })) as PairContent<'project-plan/plan'>;
    expect(milestones).toEqual([
      { title: 'BAT-2 Demo saved cards', description: 'Needs:\n- BAT-3 Card vault\n- BAT-4 Tokenise cards (done)' },
      { title: 'Build the rest', description: '- Fix refunds' },
    ]);
  });

  it('phrases each point of each answer as a rule, with why and where, one pattern per rule said', async () => {
    const { patterns } = await draft('engineering-patterns/patterns', {
      description: 'A TypeScript monorepo',
      answers: [
        {
          questionId: 'testing',
          question: 'How is it tested?',
          answer: '- Jest for units. Fast.\n- We run Playwright for flows',
        },
        // Said again under another question: the same pattern, not a second one.
        { questionId: 'conventions', question: 'Conventions?', answer: 'Jest for units' },
        { questionId: 'avoid', question: 'Avoid?', answer: 'Default exports' },
      ],
    });
    expect(patterns).toEqual([
      {
        name: 'Jest for units',
        description: 'Test with Jest for units.\nWhy: fast.\nApplies to: implementations.',
      },
      {
        name: 'Running Playwright for flows',
        description:
          'Playwright must be run for flows.\nWhy: it is how the code is tested.\nApplies to: implementations.',
      },
      {
        name: 'No default exports',
        description: 'Never add default exports.\nWhy: the team has ruled it out.\nApplies to: implementations.',
      },
    ]);
    // With no answers, the description's lines; only markup, one pattern named after it.
    const fromContext = await draft('product-patterns/patterns', { description: 'Calm tone\nKeyboard first' });
    expect(fromContext.patterns.map((p) => [p.name, p.description.split('\n')[0]])).toEqual([
      ['Calm tone', 'Keep to a calm tone.'],
      ['Keyboard first', 'Keep to keyboard first.'],
    ]);
    expect((await draft('product-patterns/patterns', { description: '#' })).patterns).toEqual([
      { name: 'Untitled Item', description: '#' },
    ]);
  });

  it('refines a description with the answers as details and reads goals from a Goals list', async () => {
    const result = await draft('add-multiple-items/refinedDescription', {
      description: 'Rebuild onboarding\n\n\n\nGoals:\n- Fewer drop-offs\n- One screen',
      answers: [{ question: 'Who starts it?', answer: 'New admins' }],
    });
    // The goals are pulled out of the text into their own list.
    expect(result.refinedDescription).toBe('Rebuild onboarding\n\n## Details\n\n### Who starts it?\n\nNew admins');
    expect(result.goals).toEqual(['Fewer drop-offs', 'One screen']);
    const single = await drafter.generate('add-single-new-item/refinedDescription', {
      inputModel: { description: 'Add a logout button' },
      item: { itemType: 1, description: '# Account menu\nDetails', goals: [], parentContexts: [] },
    });
    expect(single.refinedDescription).toMatch(/^Add a logout button\n\n## Open questions\n\n- Who is this for/);
    expect(single.refinedDescription).toMatch(/\n\nRelated to: Account menu$/);
  });

  it('refines prose: a one-line title, the details, goals pulled out, and the questions a planner would ask', async () => {
    const { refinedDescription, goals } = await draft('add-single-new-item/refinedDescription', {
      description: 'We need to add a logout button so that people on shared computers can sign out.',
    });
    expect(refinedDescription).toBe(
      'Add a logout button\n\nWe need to add a logout button so that people on shared computers can sign out.',
    );
    expect(goals).toEqual(['People on shared computers can sign out']);

    const bare = await draft('add-multiple-items/refinedDescription', { description: 'Dark mode. Follow the OS.' });
    expect(bare.refinedDescription).toBe(
      [
        'Dark mode. Follow the OS.',
        '## Open questions',
        '- Who is this for, and who will use it first?\n- What exactly should it do: the smallest version that is useful?\n- How will we know it is done: a behaviour to check, or a number?',
      ].join('\n\n'),
    );
    expect(bare.goals).toEqual([]);
    // Refine's own questions never become items, nor item text; what the user wrote under them stays.
    const { items } = await draft('add-multiple-items/items', { description: bare.refinedDescription });
    expect(items).toEqual([{ itemType: 2, description: 'Follow the OS\n\nDark mode.' }]);
    const answered = await draft('add-multiple-items/items', {
      description: `${bare.refinedDescription}\n- For admins first`,
    });
    expect(answered.items[0]!.description).toBe(
      'Follow the OS\n\nDark mode.\n\n**Open questions**\n\n- For admins first',
    );

    const single = await draft('add-multiple-items/refinedDescription', {
      description: 'Add dark mode to the settings page. Admins asked for it; under 50 ms to switch.',
    });
    // The first sentence moves up as the title instead of repeating; a metric is a goal.
    expect(single.refinedDescription).toBe(
      'Add dark mode to the settings page\n\nAdmins asked for it; under 50 ms to switch.',
    );
    expect(single.goals).toEqual(['Admins asked for it; under 50 ms to switch']);
  });

  it('splits items from bullets and lines, with kinds from headings, prefixes and the default', async () => {
    const { items } = await draft('add-multiple-items/items', {
      description: [
        'Things for the launch:',
        '## Demos',
        '- Show checkout',
        '  with a saved card',
        '* GTM: Write the announcement',
        '## Implementations',
        '1. Card vault',
        '2) [ ] Receipts',
      ].join('\n'),
    });
    expect(items).toEqual([
      // The intro is no item: it goes with the first one, so nothing written is lost.
      { itemType: 1, description: 'Show checkout\nwith a saved card\n\nThings for the launch:' },
      { itemType: 3, description: 'Write the announcement' },
      { itemType: 2, description: 'Card vault' },
      { itemType: 2, description: 'Receipts' },
    ]);
    const lines = await draft('add-multiple-items/items', { description: 'First\n\nSecond', defaultItemType: 3 });
    expect(lines.items).toEqual([
      { itemType: 3, description: 'First' },
      { itemType: 3, description: 'Second' },
    ]);
  });

  it('reads the work in notes: "First we ship…", "Need to scope it", and no item for "See the link"', async () => {
    const { items } = await draft('add-multiple-items/items', {
      description:
        'Customer asked for SSO. Need to scope it, then build SAML. First we ship the login page. See https://example.com/a.b for details.',
    });
    expect(items.map((item) => item.description.split('\n')[0])).toEqual([
      'Scope it',
      'Build SAML',
      'Ship the login page',
    ]);
    expect(items[0]!.description).toContain('Customer asked for SSO.');
    expect(items[2]!.description).toContain('See https://example.com/a.b for details.');
  });

  it('refuses a list with no items or too many', async () => {
    await expect(draft('add-multiple-items/items', { description: '## Demos' })).rejects.toThrow(/no items/);
    const many = Array.from({ length: 101 }, (_, n) => `- item ${n}`).join('\n');
    await expect(draft('add-multiple-items/items', { description: many })).rejects.toThrow(/101 items/);
  });

  it("splits an item's description into parts, keeping the lead as context, or by sentences", async () => {
    const item = { itemType: 2, description: 'Payments\n- Card\n- PayPal', goals: [], parentContexts: [] };
    const parts = await drafter.generate('split-project-item/parts', { inputModel: {}, item });
    expect(parts.parts).toEqual([
      { description: 'Card\n\nPart of: Payments' },
      { description: 'PayPal\n\nPart of: Payments' },
    ]);
    const sentenced = await drafter.generate('split-project-item/parts', {
      inputModel: { description: 'Add login. Then add logout!' },
      item,
    });
    expect(sentenced.parts).toEqual([{ description: 'Add login.' }, { description: 'Then add logout!' }]);
    const error = await drafter
      .generate('split-project-item/parts', { inputModel: { description: 'One thing' }, item })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/nothing to split/);
  });

  it('answers content valid against every pair schema, even for the largest input', async () => {
    const long = `${'word '.repeat(3_999)}end`;
    const answers = Array.from({ length: 30 }, (_, n) => ({ question: `Q${n}?`, answer: `- ${'x'.repeat(9_990)}` }));
    const item = { itemType: 2, description: `${long}\n- a\n- b`, goals: [], parentContexts: [] };
    for (const pair of agentPairKeys) {
      const inputModel =
        pair === 'add-multiple-items/items' ? { description: `- ${long}` } : { description: long, answers };
      const content = await drafter
        .generate(pair, { inputModel, item } as GenerationInput)
        .catch((e: unknown) => (e instanceof ApiError ? null : Promise.reject(e)));
      if (pair === 'split-project-item/parts')
        expect(content).toBeNull(); // with `description` given, one long line
      else expect(contentProblem(pair, content)).toBeNull();
    }
  });
});

describe('splitIntoPieces', () => {
  it('keeps lines before the first bullet as the preamble', () => {
    expect(splitIntoPieces('Intro line\n- a\n- b')).toEqual({
      pieces: [{ text: 'a' }, { text: 'b' }],
      preamble: 'Intro line',
    });
  });
  it('treats a line after the bullets as a new piece', () => {
    expect(splitIntoPieces('- a\n\nAfterwards').pieces).toEqual([{ text: 'a' }, { text: 'Afterwards' }]);
  });
});

describe('the drafter on any input', () => {
  // Markdown-ish text: lines of bullets, headings, kind labels and arbitrary Unicode (astral included).
  const token = fc.oneof(
    fc.constantFrom(
      '- ',
      '* ',
      '1. ',
      '2) ',
      '# ',
      '## Demos',
      'Implementations:',
      'GTM: ',
      '  ',
      '\n',
      '\n\n',
      '. ',
      '[ ] ',
      'Goals:',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: fc.constantFrom('😀', 'é', 'a', ' ', '\u200b'), maxLength: 30 }),
  );
  // Short texts of markup alone ("#", "- \u00a0") find the edges; long ones the sizes.
  const markup = fc.constantFrom('- ', '# ', '## Demos', '\n', ' ', '1. ', 'Goals:', '\u00a0', '*');
  const text = (maxLength: number) =>
    fc
      .oneof(fc.array(markup, { minLength: 1, maxLength: 4 }), fc.array(token, { maxLength: 30 }))
      .map((parts) =>
        parts
          .join('')
          .slice(0, maxLength)
          .replace(/[\uD800-\uDFFF]/g, 'x'),
      )
      .filter((value) => value.trim() !== '');
  const answers = fc.array(fc.record({ question: text(200), answer: fc.oneof(text(2000), fc.constant('')) }), {
    maxLength: 5,
  });

  it('answers content valid against the pair schema, or InvalidRequest', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...agentPairKeys),
        text(3000),
        answers,
        text(3000),
        async (pair, description, answered, itemDescription) => {
          const inputModel = pair === 'add-multiple-items/items' ? { description } : { description, answers: answered };
          const item = { itemType: 2, description: itemDescription, goals: [], parentContexts: [] };
          const split = pair === 'split-project-item/parts' ? {} : inputModel;
          try {
            const content = await drafter.generate(pair, { inputModel: split, item } as GenerationInput);
            expect(contentProblem(pair, content)).toBeNull();
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            expect((error as ApiError).result).toBe('InvalidRequest');
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('keeps titles and texts within their size in UTF-16 units, even of emoji', async () => {
    const emoji = '😀'.repeat(9_999);
    const plan = await draft('project-plan/plan', { description: `- ${emoji}` });
    expect(contentProblem('project-plan/plan', plan)).toBeNull();
    const story = await draft('product-story/story', {
      description: emoji,
      answers: [{ question: 'q', answer: emoji }],
    });
    expect(story.story.length).toBeLessThanOrEqual(20_000);
    expect(contentProblem('product-story/story', story)).toBeNull();
  });
});
