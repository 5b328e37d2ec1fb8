import { sql } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { teamUser } from './helpers/planning';
import { join } from './helpers/members';
import { assessmentQuestions } from '../../src/shared/assessment/questionnaire';
import { workedExample } from '../shared/fixtures/assessmentWorkedExample';

jest.setTimeout(30_000);

const SCORE = '/v1/benchmark/assessment';
const SAVED = '/v1/teams/active/benchmark/assessments';

/** Every question at its top option, or its bottom one. */
const allAt = (end: 'top' | 'bottom') =>
  Object.fromEntries(
    assessmentQuestions.map((question) => [
      question.id,
      (end === 'top' ? question.options.at(-1) : question.options[0])!.id,
    ]),
  );

describe('benchmark assessment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const score = (answers: unknown) => call(t.app, 'POST', SCORE, { body: { answers } });
  const savedRows = async () =>
    Number(
      (
        (await t.app.db.execute(sql`select count(*)::int as n from benchmark_assessments`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  describe('POST /v1/benchmark/assessment (public)', () => {
    it('scores the worked example of the rubric per dimension, with no sign-in', async () => {
      const response = await score(workedExample);
      expect(response.statusCode).toBe(200);
      const result = response.json().data;
      const scores = Object.fromEntries(
        result.dimensions.map((entry: { dimension: string; score: number }) => [entry.dimension, entry.score]),
      );
      expect(scores).toEqual({ tests: 58, ci: 92, review: 75, docs: 27, issues: 33, agents: 33, security: 50 });
      const levels = Object.fromEntries(
        result.dimensions.map((entry: { dimension: string; level: string }) => [entry.dimension, entry.level]),
      );
      expect(levels).toEqual({
        tests: 'practising',
        ci: 'agent-ready',
        review: 'agent-ready',
        docs: 'starting',
        issues: 'starting',
        agents: 'starting',
        security: 'practising',
      });
      expect(result.overallScore).toBe(53);
      expect(result.profile).toBe('starting');
      expect(result.rubricVersion).toBe(1);
    });

    it('compares with each reference profile, naming the points each dimension lacks', async () => {
      const result = (await score(workedExample)).json().data;
      expect(result.profiles).toEqual([
        { profile: 'starting', minimumScore: 0, met: true, shortfalls: [] },
        {
          profile: 'practising',
          minimumScore: 40,
          met: false,
          shortfalls: [
            { dimension: 'docs', points: 13 },
            { dimension: 'issues', points: 7 },
            { dimension: 'agents', points: 7 },
          ],
        },
        {
          profile: 'agent-ready',
          minimumScore: 75,
          met: false,
          shortfalls: [
            { dimension: 'tests', points: 17 },
            { dimension: 'docs', points: 48 },
            { dimension: 'issues', points: 42 },
            { dimension: 'agents', points: 42 },
            { dimension: 'security', points: 25 },
          ],
        },
      ]);
    });

    it('answers next steps for weak dimensions only, the largest weighted gap first', async () => {
      const result = (await score(workedExample)).json().data;
      const steps = (dimension: string) =>
        result.dimensions.find((entry: { dimension: string }) => entry.dimension === dimension).nextSteps;
      const stepOf = (id: string) => assessmentQuestions.find((question) => question.id === id)!.nextStep;
      expect(steps('ci')).toEqual([]);
      expect(steps('review')).toEqual([]);
      // tests: coverage lacks 2×2 points, reliability 1×1; the one-command suite is at the top.
      expect(steps('tests')).toEqual([stepOf('tests-coverage'), stepOf('tests-reliability')]);
      // docs: conventions 2×2 and setup 2×2 tie (question order), decisions 1×3 comes last.
      expect(steps('docs')).toEqual([stepOf('docs-setup'), stepOf('docs-conventions'), stepOf('docs-decisions')]);
      expect(steps('security')).toEqual([stepOf('security-secrets'), stepOf('security-permissions')]);
    });

    it('puts a team at every top answer at agent-ready with no steps, and one at every bottom answer at starting', async () => {
      const top = (await score(allAt('top'))).json().data;
      expect(top.profile).toBe('agent-ready');
      expect(top.overallScore).toBe(100);
      expect(top.dimensions.every((entry: { nextSteps: string[] }) => entry.nextSteps.length === 0)).toBe(true);
      const bottom = (await score(allAt('bottom'))).json().data;
      expect(bottom.profile).toBe('starting');
      expect(bottom.overallScore).toBe(0);
      expect(bottom.dimensions.every((entry: { nextSteps: string[] }) => entry.nextSteps.length === 3)).toBe(true);
    });

    it.each([
      ['an unknown question', { ...workedExample, 'tests-speed': 'fast' }, "there is no question 'tests-speed'"],
      [
        'an unknown option',
        { ...workedExample, 'ci-speed': 'instant' },
        "answers.ci-speed: 'instant' is not one of its options ('over-hour', 'under-hour', 'under-15', 'under-5')",
      ],
      [
        'a missing answer',
        Object.fromEntries(Object.entries(workedExample).filter(([id]) => id !== 'review-size')),
        "every question needs an answer; missing 'review-size'",
      ],
    ])('refuses %s with a message naming it', async (_name, answers, message) => {
      const response = await score(answers);
      expect(response.statusCode).toBe(400);
      expect(response.json().result).toBe('InvalidRequest');
      expect(response.json().message).toContain(message);
    });

    it.each([
      ['no answers object', {}],
      ['answers that are not text', { answers: { 'tests-coverage': 3 } }],
      ['an extra field', { answers: workedExample, email: 'someone@example.com' }],
    ])('refuses %s by its schema', async (_name, body) => {
      const response = await call(t.app, 'POST', SCORE, { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().result).toBe('InvalidRequest');
    });

    it('is answered to a page on another origin (the content site may have its own host)', async () => {
      const response = await call(t.app, 'POST', SCORE, {
        body: { answers: workedExample },
        headers: { origin: 'https://content.example' },
      });
      expect(response.statusCode).toBe(200);
    });

    it('stores nothing', async () => {
      const before = await savedRows();
      await score(workedExample);
      expect(await savedRows()).toBe(before);
    });
  });

  describe('saved assessments of the active team', () => {
    it('needs a session to save or list', async () => {
      expect((await call(t.app, 'POST', SAVED, { body: { answers: workedExample } })).statusCode).toBe(401);
      expect((await call(t.app, 'GET', SAVED)).statusCode).toBe(401);
    });

    it('saves the scored result, lists it newest first and reads it back', async () => {
      const owner = await teamUser(t.app, 'assess-owner@example.com');
      const first = await call(t.app, 'POST', SAVED, { cookie: owner.cookie, body: { answers: allAt('bottom') } });
      expect(first.statusCode).toBe(200);
      t.clock.advance(60_000);
      const second = await call(t.app, 'POST', SAVED, { cookie: owner.cookie, body: { answers: workedExample } });
      const saved = second.json().data;
      expect(saved).toEqual({
        id: expect.any(String),
        dateCreated: expect.any(String),
        answers: workedExample,
        result: (await score(workedExample)).json().data,
      });

      const list = (await call(t.app, 'GET', SAVED, { cookie: owner.cookie })).json().data.assessments;
      expect(list.map((entry: { id: string }) => entry.id)).toEqual([saved.id, first.json().data.id]);
      const read = await call(t.app, 'GET', `${SAVED}/${saved.id}`, { cookie: owner.cookie });
      expect(read.json().data).toEqual(saved);

      // Any member of the team sees it.
      const editor = await join(t.app, owner.cookie, 'assess-editor@example.com');
      const seen = (await call(t.app, 'GET', SAVED, { cookie: editor.cookie })).json().data.assessments;
      expect(seen.map((entry: { id: string }) => entry.id)).toContain(saved.id);
    });

    it('saves once per Idempotency-Key: a retried save answers the first one', async () => {
      const owner = await teamUser(t.app, 'assess-retry@example.com');
      const headers = { 'idempotency-key': 'save-assessment-1' };
      const first = await call(t.app, 'POST', SAVED, {
        cookie: owner.cookie,
        headers,
        body: { answers: workedExample },
      });
      const retried = await call(t.app, 'POST', SAVED, {
        cookie: owner.cookie,
        headers,
        body: { answers: workedExample },
      });
      expect(retried.json().data).toEqual(first.json().data);
      const list = (await call(t.app, 'GET', SAVED, { cookie: owner.cookie })).json().data.assessments;
      expect(list).toHaveLength(1);
    });

    it("keeps teams apart: another team's assessment is not found and not listed", async () => {
      const owner = await teamUser(t.app, 'assess-a@example.com');
      const stranger = await teamUser(t.app, 'assess-b@example.com');
      const id = (await call(t.app, 'POST', SAVED, { cookie: owner.cookie, body: { answers: workedExample } })).json()
        .data.id;
      const read = await call(t.app, 'GET', `${SAVED}/${id}`, { cookie: stranger.cookie });
      expect(read.statusCode).toBe(404);
      expect(read.json().result).toBe('NotFound');
      expect((await call(t.app, 'GET', SAVED, { cookie: stranger.cookie })).json().data.assessments).toEqual([]);
    });

    it('refuses invalid answers and saves nothing', async () => {
      const owner = await teamUser(t.app, 'assess-invalid@example.com');
      const before = await savedRows();
      const response = await call(t.app, 'POST', SAVED, {
        cookie: owner.cookie,
        body: { answers: { ...workedExample, 'agents-usage': 'everything' } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain("answers.agents-usage: 'everything' is not one of its options");
      expect(await savedRows()).toBe(before);
    });
  });
});

describe('benchmark assessment rate limit', () => {
  it('limits the public scoring per address (RATE_LIMIT_ASSESSMENT)', async () => {
    const t = await buildTestApp({ RATE_LIMIT_ASSESSMENT: '2/60' });
    try {
      const score = () => call(t.app, 'POST', SCORE, { body: { answers: workedExample } });
      expect((await score()).statusCode).toBe(200);
      expect((await score()).statusCode).toBe(200);
      const limited = await score();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json().message).toMatch(/Too many requests/);
      t.clock.advance(61_000);
    } finally {
      await t.close();
    }
  });
});
