import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { FirstRunExperienceState as FirstRunState } from '../../../shared/contract/userAndTeam';
import { selectActiveTeam } from '../teams/teamSlice';
import { selectActiveProject } from '../projects/projectsSelectors';
import { editTeamField } from '../teams/editTeamField';
import { useUpdateProjectMutation } from '../../api/projects';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Flows, type StepOf } from '../../../shared/flows';
import { AGENT_LIMITS, type PairContent } from '../../../shared/contract/agent';
import { ItemType } from '../../../shared/enums';
import { Button, TextField, buttonClassName } from '../../ui';
import { useAgentDraft } from './useAgentDraft';
import { useGenerate } from './useGenerate';
import { GeneratingStatus } from './GeneratingStatus';
import { DraftedByNotice } from './DraftedByNotice';
import { GuidedItemsStep } from './GuidedItemsStep';
import { TextArea, WizardLayout, WizardStep } from './WizardLayout';
import styles from './Wizard.module.css';

type Step = StepOf<'guidedProject'>;
const steps = Flows.guidedProject;

/** Where the guided project resumes: the first step not yet completed. */
export function nextGuidedStep(completedSteps: readonly string[]): Step {
  return steps.find((step) => !completedSteps.includes(step)) ?? 'WrapUp';
}

/**
 * `/welcome`: the guided project, a new team's first-run experience (spec §4: ConfigureProject →
 * FrameProject → AboutProjectItems → AddDemos → AddImplementations → AddGoToMarketItems → WrapUp).
 * The team's firstRunExperienceState records the steps done, so it resumes; "Skip the tour" dismisses it.
 */
export function GuidedProjectPage() {
  const navigate = useNavigate();
  const team = useAppSelector(selectActiveTeam);
  const project = useAppSelector(selectActiveProject);
  const dispatch = useAppDispatch();
  // The walk's progress takes the team's optimistic path: shown at once, put back if refused.
  const putFirstRun = (firstRunExperienceState: FirstRunState) =>
    dispatch(editTeamField('firstRunExperienceState', firstRunExperienceState));
  const [updateProject] = useUpdateProjectMutation();
  const story = useAgentDraft('product-story', null, { skip: !project });
  const storyGeneration = useGenerate('product-story');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(0);
  const state = team?.firstRunExperienceState ?? { dismissed: false, completedSteps: [] };
  const step = nextGuidedStep(state.completedSteps);

  const [name, setName] = useState(project?.description ?? '');
  const [about, setAbout] = useState(project?.projectDescription ?? '');
  const [storyText, setStoryText] = useState('');
  const storedStory = (story.draft?.content.story as PairContent<'product-story/story'> | undefined)?.story;
  useEffect(() => setStoryText(storedStory ?? ''), [storedStory]);

  if (!team || !project) {
    return (
      <div className={styles.page}>
        <p>
          Create a project first. <Link to="/">Back to the board</Link>
        </p>
      </div>
    );
  }

  /** Runs a step's action, then records the step as done; a failure is shown and the step stays. */
  const complete = async (done: Step, action?: () => Promise<unknown>) => {
    setProblem(null);
    setBusy(true);
    try {
      await action?.();
      const completedSteps = [...new Set([...state.completedSteps, done])];
      await putFirstRun({ ...state, completedSteps });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const back = (to: Step) => () =>
    putFirstRun({
      ...state,
      completedSteps: state.completedSteps.filter((done) => steps.indexOf(done as Step) < steps.indexOf(to)),
    }).catch(() => {});
  const skipTour = async () => {
    await putFirstRun({ ...state, dismissed: true }).catch(() => {});
    navigate('/');
  };
  const finish = async () => {
    const completedSteps = [...new Set([...state.completedSteps, 'WrapUp'])];
    await putFirstRun({ dismissed: true, completedSteps }).catch(() => {});
    navigate('/');
  };

  const draftStory = async () => {
    setProblem(null);
    try {
      await storyGeneration.generate('story', { description: about || name });
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <WizardLayout
      title="Set up your project"
      flow="guidedProject"
      step={step}
      lead={
        <>
          A few minutes from an empty board to a plan you can hand to agents.{' '}
          <Button variant="link" onClick={skipTour}>
            Skip the tour
          </Button>
        </>
      }
    >
      {step === 'ConfigureProject' && (
        <WizardStep
          heading="Your project"
          submitLabel="Next"
          busy={busy}
          problem={problem}
          onSubmit={() =>
            complete('ConfigureProject', () => {
              if (!name.trim()) throw new Error('Give the project a name.');
              return updateProject({
                id: project.id,
                body: { description: name.trim(), projectDescription: about },
              }).unwrap();
            })
          }
        >
          <TextField label="Project name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          <TextArea
            label="What is it?"
            hint="A sentence or two: the product and who it is for."
            value={about}
            onChange={setAbout}
            rows={4}
            maxLength={20_000}
          />
        </WizardStep>
      )}
      {step === 'FrameProject' && (
        <WizardStep
          heading="The product story"
          submitLabel={storyText.trim() ? 'Save and continue' : 'Skip'}
          busy={busy || storyGeneration.isGenerating}
          problem={problem}
          onBack={back('ConfigureProject')}
          status={
            storyGeneration.isGenerating && (
              <GeneratingStatus
                seconds={storyGeneration.seconds}
                onCancel={storyGeneration.cancel}
                what="a story"
                partial={storyGeneration.partial}
              />
            )
          }
          extraActions={
            <Button onClick={draftStory} disabled={busy || storyGeneration.isGenerating}>
              {storyText.trim() ? 'Draft again' : 'Draft a story'}
            </Button>
          }
          onSubmit={() =>
            complete('FrameProject', async () => {
              if (!storyText.trim()) return;
              await story.save({ content: { ...(story.draft?.content ?? {}), story: { story: storyText } } });
            })
          }
        >
          <DraftedByNotice draftedBy={story.draft?.draftedBy} />
          <TextArea
            label="Story (markdown)"
            hint="Who it is for, their problem, what changes for them. Draft one from your description, or write it. Frame the project fully later from the project overview."
            value={storyText}
            onChange={setStoryText}
            rows={8}
            maxLength={AGENT_LIMITS.story}
          />
        </WizardStep>
      )}
      {step === 'AboutProjectItems' && (
        <WizardStep
          heading="Three kinds of items"
          submitLabel="Next: demos"
          busy={busy}
          problem={problem}
          onBack={back('FrameProject')}
          onSubmit={() => complete('AboutProjectItems')}
        >
          <dl className={styles.kinds}>
            <dt>Demos</dt>
            <dd>What you will show at the end of a day, a week or a milestone: the outcome people can see.</dd>
            <dt>Implementations</dt>
            <dd>The work that makes a demo real; each can go to a coding agent, with your patterns.</dd>
            <dt>Go-to-market</dt>
            <dd>How people hear of it and start using it: launch posts, docs, outreach.</dd>
          </dl>
          <p className={styles.muted}>
            The board places each by timeframe (days, weeks, milestones) and scope. Add a few of each now.
          </p>
        </WizardStep>
      )}
      {step === 'AddDemos' && (
        <GuidedItemsStep
          key="demos"
          itemType={ItemType.Demo}
          projectId={project.id}
          heading="Demos"
          onBack={back('AboutProjectItems')}
          onDone={(count) => complete('AddDemos', async () => setAdded((n) => n + count))}
        />
      )}
      {step === 'AddImplementations' && (
        <GuidedItemsStep
          key="implementations"
          itemType={ItemType.Implementation}
          projectId={project.id}
          heading="Implementations"
          onBack={back('AddDemos')}
          onDone={(count) => complete('AddImplementations', async () => setAdded((n) => n + count))}
        />
      )}
      {step === 'AddGoToMarketItems' && (
        <GuidedItemsStep
          key="gtm"
          itemType={ItemType.GoToMarket}
          projectId={project.id}
          heading="Go-to-market"
          onBack={back('AddImplementations')}
          onDone={(count) => complete('AddGoToMarketItems', async () => setAdded((n) => n + count))}
        />
      )}
      {step === 'WrapUp' && (
        <WizardStep
          heading="Ready"
          submitLabel="Go to the board"
          busy={busy}
          problem={problem}
          onBack={back('AddGoToMarketItems')}
          onSubmit={finish}
        >
          <p>
            {added > 0 ? `${added} items are on the board, in scope and not yet scheduled. ` : ''}
            Drag them into days, weeks and milestones, open one to split it or hand it to a coding agent.
          </p>
          <p className={styles.muted}>
            Next: <Link to="/flows/frame-project">frame the project</Link> in full, or identify your{' '}
            <Link to="/flows/patterns/engineering">engineering patterns</Link>.
          </p>
          <Link className={buttonClassName({ variant: 'ghost' })} to="/project">
            Project overview
          </Link>
        </WizardStep>
      )}
    </WizardLayout>
  );
}
