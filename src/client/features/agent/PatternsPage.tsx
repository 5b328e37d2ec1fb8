import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { resumeStep, type StepOf } from '../../../shared/flows';
import { AGENT_LIMITS, type PairContent, type QuestionAnswer } from '../../../shared/contract/agent';
import type { StoredPattern } from '../../../shared/contract/agentDrafts';
import { useAgentDraft } from './useAgentDraft';
import { answersById, answersDiffer, useSaveOnLeave } from './useSaveOnLeave';
import { useGenerate } from './useGenerate';
import { useFlowAction } from './useFlowAction';
import { TextArea, WizardLayout, WizardStep } from './WizardLayout';
import { GeneratingStatus } from './GeneratingStatus';
import { QuestionFields } from './QuestionFields';
import { DraftedByNotice } from './DraftedByNotice';
import { PatternsEditor } from './PatternsEditor';
import { Button } from '../../ui';
import { NotFoundScreen } from '../../sites/shared/NotFoundScreen';

type Step = StepOf<'patterns'>;
type Questions = PairContent<'engineering-patterns/motivatingQuestions'>;

const flavours = {
  engineering: {
    kind: 'engineering-patterns',
    title: 'Engineering patterns',
    lead: 'How your codebase is built and how a change should fit in: what implementation items follow.',
    describe: 'Your codebase today: stack, structure, how you test, conventions, what to avoid.',
  },
  product: {
    kind: 'product-patterns',
    title: 'Product patterns',
    lead: 'What every feature should feel like to the people who use it.',
    describe: 'Your product today: who uses it, its voice, interface patterns, the quality bar.',
  },
} as const;

/**
 * `/flows/patterns/engineering|product`: the patterns flow (spec §4: CurrentContext →
 * MotivatingQuestions → IdentifyPatterns). The saved list is the team's catalogue, which
 * implementation items reference by id.
 */
export function PatternsPage() {
  const flavour = flavours[useParams().flavour as keyof typeof flavours];
  const { pathname } = useLocation();
  if (!flavour) return <NotFoundScreen path={pathname} homeLabel="Go to the board" />;
  return <PatternsFlow key={flavour.kind} {...flavour} />;
}

function PatternsFlow({ kind, title, lead, describe }: (typeof flavours)[keyof typeof flavours]) {
  const navigate = useNavigate();
  const { draft, isLoading, save, isSaving } = useAgentDraft(kind);
  const generation = useGenerate(kind);
  const { problem, run } = useFlowAction();
  const input = (draft?.inputModel ?? {}) as { description?: string; answers?: QuestionAnswer[] };
  const step: Step = resumeStep('patterns', draft?.step);
  const questions = (draft?.content.motivatingQuestions as Questions | undefined)?.questions ?? [];
  const storedPatterns = (draft?.content.patterns as { patterns?: StoredPattern[] } | undefined)?.patterns;
  const [description, setDescription] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [patterns, setPatterns] = useState<StoredPattern[]>([]);

  useEffect(() => {
    setDescription(input.description ?? '');
    setAnswers(answersById(input.answers ?? []));
  }, [draft?.updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps -- reload on a new draft only
  useEffect(() => setPatterns(storedPatterns ?? []), [storedPatterns]);

  const answered = (): QuestionAnswer[] =>
    questions.map((q) => ({ questionId: q.id, question: q.question, answer: answers[q.id] ?? '' }));
  useSaveOnLeave(
    description !== (input.description ?? '') || answersDiffer(answers, answersById(input.answers ?? [])),
    // The page is gone by then: a failed save has nowhere to be shown.
    () => void save({ inputModel: { ...input, description, answers: answered() } }).catch(() => undefined),
  );

  if (isLoading) return <p>Loading…</p>;
  const toQuestions = () =>
    run(async () => {
      if (!description.trim()) throw new Error('Describe where things stand first.');
      const changed = description !== input.description;
      await save({ step: 'CurrentContext', inputModel: { ...input, description } });
      if (changed || questions.length === 0) await generation.generate('motivatingQuestions', { description });
      await save({ step: 'MotivatingQuestions', inputModel: { ...input, description } });
    });
  const toPatterns = () =>
    run(async () => {
      const inputModel = { description, answers: answered() };
      await save({ step: 'MotivatingQuestions', inputModel });
      await generation.generate('patterns', inputModel);
      await save({ step: 'IdentifyPatterns', inputModel });
    });
  const finish = () =>
    run(async () => {
      const named = patterns.filter((pattern) => pattern.name.trim());
      await save({ step: 'IdentifyPatterns', content: { ...(draft?.content ?? {}), patterns: { patterns: named } } });
      navigate('/project');
    });
  const back = (to: Step) => () => run(async () => void (await save({ step: to })));
  const busy = generation.isGenerating || isSaving;
  const status = generation.isGenerating && (
    <GeneratingStatus
      seconds={generation.seconds}
      onCancel={generation.cancel}
      what="patterns"
      partial={generation.partial}
    />
  );

  return (
    <WizardLayout title={title} flow="patterns" step={step} lead={lead}>
      <DraftedByNotice draftedBy={draft?.draftedBy} />
      {step === 'CurrentContext' && (
        <WizardStep
          heading="Where things stand"
          submitLabel="Next: questions"
          onSubmit={toQuestions}
          busy={busy}
          problem={problem}
          status={status}
        >
          <TextArea
            label="Current context"
            hint={`${describe} Ctrl+Enter continues.`}
            value={description}
            onChange={setDescription}
            maxLength={AGENT_LIMITS.description}
            autoFocus
          />
        </WizardStep>
      )}
      {step === 'MotivatingQuestions' && (
        <WizardStep
          heading="Answer what you can"
          submitLabel="Next: identify patterns"
          onSubmit={toPatterns}
          onBack={back('CurrentContext')}
          busy={busy}
          problem={problem}
          status={status}
        >
          <QuestionFields questions={questions} answers={answers} onChange={setAnswers} />
        </WizardStep>
      )}
      {step === 'IdentifyPatterns' && (
        <WizardStep
          heading="The patterns"
          submitLabel="Save the patterns"
          onSubmit={finish}
          onBack={back('MotivatingQuestions')}
          busy={busy}
          problem={problem}
          status={status}
          extraActions={
            <Button onClick={toPatterns} disabled={busy}>
              Draft again
            </Button>
          }
        >
          <PatternsEditor patterns={patterns} onChange={setPatterns} />
        </WizardStep>
      )}
    </WizardLayout>
  );
}
