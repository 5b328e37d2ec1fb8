import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectActiveProject } from '../projects/projectsSelectors';
import { resumeStep, type StepOf } from '../../../shared/flows';
import { AGENT_LIMITS, type PairContent, type QuestionAnswer } from '../../../shared/contract/agent';
import { useAgentDraft } from './useAgentDraft';
import { answersById, answersDiffer, useSaveOnLeave } from './useSaveOnLeave';
import { useGenerate } from './useGenerate';
import { useFlowAction } from './useFlowAction';
import { TextArea, WizardLayout, WizardStep } from './WizardLayout';
import { GeneratingStatus } from './GeneratingStatus';
import { QuestionFields } from './QuestionFields';
import { DraftedByNotice } from './DraftedByNotice';
import { MilestonesEditor } from './MilestonesEditor';
import { Button } from '../../ui';
import styles from './Wizard.module.css';

type Step = StepOf<'projectFraming'>;
type Questions = PairContent<'product-story/motivatingQuestions'>;
type Story = PairContent<'product-story/story'>;
type Plan = PairContent<'project-plan/plan'>;

interface FramingInput {
  description?: string;
  answers?: QuestionAnswer[];
}

/**
 * `/flows/frame-project`: project framing (spec §4: ProjectDescription → MotivatingQuestions → Refine →
 * Finalize). Writes the active project's product story and project plan drafts, which the project
 * overview shows. Each step is saved, so the flow resumes where it was left.
 */
export function ProjectFramingPage() {
  const project = useAppSelector(selectActiveProject);
  const navigate = useNavigate();
  const story = useAgentDraft('product-story');
  const plan = useAgentDraft('project-plan');
  const storyGeneration = useGenerate('product-story');
  const planGeneration = useGenerate('project-plan');
  const { problem, run } = useFlowAction();

  const stored = story.draft;
  const input = (stored?.inputModel ?? {}) as FramingInput;
  const step: Step = resumeStep('projectFraming', stored?.step);
  const [description, setDescription] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [storyText, setStoryText] = useState('');
  const [planDraft, setPlanDraft] = useState<Plan>({ plan: '', milestones: [] });

  // Fields follow the stored draft whenever it (re)loads or a generation lands in it.
  const questions = (stored?.content.motivatingQuestions as Questions | undefined)?.questions ?? [];
  const storedStory = (stored?.content.story as Story | undefined)?.story ?? '';
  const storedPlan = plan.draft?.content.plan as Plan | undefined;
  useEffect(() => {
    setDescription(input.description ?? project?.projectDescription ?? '');
    setAnswers(answersById(input.answers ?? []));
  }, [stored?.updatedAt, project?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- reload on a new draft only
  useEffect(() => setStoryText(storedStory), [storedStory]);
  useEffect(() => {
    if (storedPlan) setPlanDraft(storedPlan);
  }, [storedPlan]);

  const answered = (): QuestionAnswer[] =>
    questions.map((q) => ({ questionId: q.id, question: q.question, answer: answers[q.id] ?? '' }));
  useSaveOnLeave(
    description !== (input.description ?? project?.projectDescription ?? '') ||
      answersDiffer(answers, answersById(input.answers ?? [])),
    // The page is gone by then: a failed save has nowhere to be shown.
    () => void story.save({ inputModel: { ...input, description, answers: answered() } }).catch(() => undefined),
  );

  if (!project) return <p className={styles.page}>Choose or create a project first.</p>;
  if (story.isLoading || plan.isLoading) return <p className={styles.page}>Loading…</p>;

  const toQuestions = () =>
    run(async () => {
      if (!description.trim()) throw new Error('Describe the project first.');
      const changed = description !== input.description;
      await story.save({ step: 'ProjectDescription', inputModel: { ...input, description } });
      if (changed || questions.length === 0) {
        await storyGeneration.generate('motivatingQuestions', { description });
      }
      await story.save({ step: 'MotivatingQuestions', inputModel: { ...input, description } });
    });

  const toStory = () =>
    run(async () => {
      const inputModel = { description, answers: answered() };
      await story.save({ step: 'MotivatingQuestions', inputModel });
      await storyGeneration.generate('story', inputModel);
      await story.save({ step: 'Refine', inputModel });
    });

  const toPlan = () =>
    run(async () => {
      if (!storyText.trim()) throw new Error('The story is empty: write it, or go back and draft it again.');
      const content = { ...(stored?.content ?? {}), story: { story: storyText } };
      await story.save({ step: 'Refine', content });
      await planGeneration.generate('plan', { description, story: storyText, answers: answered() });
      await story.save({ step: 'Finalize', content });
    });

  const finish = () =>
    run(async () => {
      if (!planDraft.plan.trim()) throw new Error('The plan is empty: write it, or go back and draft it again.');
      await plan.save({ step: 'Finalize', inputModel: { description }, content: { plan: planDraft } });
      navigate('/project');
    });

  const back = (to: Step) => () => run(async () => void (await story.save({ step: to })));
  const generating = storyGeneration.isGenerating
    ? storyGeneration
    : planGeneration.isGenerating
      ? planGeneration
      : null;
  const status = generating && (
    <GeneratingStatus
      seconds={generating.seconds}
      onCancel={generating.cancel}
      what="with your answers"
      partial={generating.partial}
    />
  );
  const busy = Boolean(generating) || story.isSaving || plan.isSaving;

  return (
    <WizardLayout
      title={`Frame ${project.description}`}
      flow="projectFraming"
      step={step}
      lead="Think the project through: who it is for, what changes for them, and the milestones that get there."
    >
      <DraftedByNotice draftedBy={step === 'Finalize' ? plan.draft?.draftedBy : stored?.draftedBy} />
      {step === 'ProjectDescription' && (
        <WizardStep
          heading="What is this project?"
          submitLabel="Next: questions"
          onSubmit={toQuestions}
          busy={busy}
          problem={problem}
          status={status}
        >
          <TextArea
            label="Project description"
            hint="A few sentences or bullets: the product, who it is for, what you want to ship. Ctrl+Enter continues."
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
          submitLabel="Next: draft the story"
          onSubmit={toStory}
          onBack={back('ProjectDescription')}
          busy={busy}
          problem={problem}
          status={status}
        >
          <QuestionFields questions={questions} answers={answers} onChange={setAnswers} />
        </WizardStep>
      )}
      {step === 'Refine' && (
        <WizardStep
          heading="The product story"
          submitLabel="Next: draft the plan"
          onSubmit={toPlan}
          onBack={back('MotivatingQuestions')}
          busy={busy}
          problem={problem}
          status={status}
          extraActions={
            <Button onClick={toStory} disabled={busy}>
              Draft again
            </Button>
          }
        >
          <TextArea
            label="Story (markdown)"
            value={storyText}
            onChange={setStoryText}
            rows={12}
            maxLength={AGENT_LIMITS.story}
            autoFocus
          />
        </WizardStep>
      )}
      {step === 'Finalize' && (
        <WizardStep
          heading="The project plan"
          submitLabel="Save the plan"
          onSubmit={finish}
          onBack={back('Refine')}
          busy={busy}
          problem={problem}
          status={status}
        >
          <TextArea
            label="Plan (markdown)"
            value={planDraft.plan}
            onChange={(value) => setPlanDraft((draft) => ({ ...draft, plan: value }))}
            rows={10}
            maxLength={AGENT_LIMITS.plan}
            autoFocus
          />
          <MilestonesEditor
            milestones={planDraft.milestones}
            onChange={(milestones) => setPlanDraft((draft) => ({ ...draft, milestones }))}
          />
        </WizardStep>
      )}
    </WizardLayout>
  );
}
