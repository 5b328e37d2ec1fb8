import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectActiveProject } from '../projects/projectsSelectors';
import type { PairContent } from '../../../shared/contract/agent';
import type { StoredPattern } from '../../../shared/contract/agentDrafts';
import { buttonClassName } from '../../ui';
import { useAgentDraft } from './useAgentDraft';
import styles from './ProjectOverview.module.css';

const MarkdownView = lazy(() => import(/* webpackChunkName: "markdown" */ '../board/MarkdownView'));

type Story = PairContent<'product-story/story'>;
type Plan = PairContent<'project-plan/plan'>;

/**
 * `/project`: the active project at a glance — its product story and plan (from project framing) and
 * the team's engineering and product patterns, each with the flow that writes or revises it.
 */
export function ProjectOverviewPage() {
  const project = useAppSelector(selectActiveProject);
  const story = useAgentDraft('product-story', null, { skip: !project });
  const plan = useAgentDraft('project-plan', null, { skip: !project });
  const engineering = useAgentDraft('engineering-patterns');
  const product = useAgentDraft('product-patterns');

  useEffect(() => {
    document.title = `${project?.description ?? 'Project'} · Baton`;
  }, [project?.description]);

  if (!project) {
    return (
      <div className={styles.page}>
        <p>
          No project yet. <Link to="/">Create one on the board.</Link>
        </p>
      </div>
    );
  }

  const storyText = (story.draft?.content.story as Story | undefined)?.story;
  const planContent = plan.draft?.content.plan as Plan | undefined;
  const framed = Boolean(storyText || planContent);
  const framingStarted = story.draft?.step != null;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{project.description}</h1>
          {project.projectDescription && <p className={styles.lead}>{project.projectDescription}</p>}
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName({ variant: framed ? 'secondary' : 'primary' })} to="/flows/frame-project">
            {framed ? 'Revise the framing' : framingStarted ? 'Continue framing' : 'Frame this project'}
          </Link>
          <Link className={buttonClassName({ variant: 'ghost' })} to="/context">
            Context
          </Link>
          <Link className={buttonClassName({ variant: 'ghost' })} to="/">
            Board
          </Link>
        </div>
      </header>

      <Suspense fallback={<p className={styles.muted}>Loading…</p>}>
        <section className={styles.section} aria-labelledby="story-heading">
          <h2 id="story-heading" className={styles.sectionTitle}>
            Product story
          </h2>
          {story.isLoading ? (
            <p className={styles.muted}>Loading…</p>
          ) : storyText ? (
            <MarkdownView markdown={storyText} />
          ) : (
            <p className={styles.muted}>No story yet: frame the project to write one.</p>
          )}
        </section>

        <section className={styles.section} aria-labelledby="plan-heading">
          <h2 id="plan-heading" className={styles.sectionTitle}>
            Project plan
          </h2>
          {plan.isLoading ? (
            <p className={styles.muted}>Loading…</p>
          ) : planContent ? (
            <>
              <MarkdownView markdown={planContent.plan} />
              {planContent.milestones.length > 0 && <h3 className={styles.subTitle}>Milestones</h3>}
              {planContent.milestones.length > 0 && (
                <ol className={styles.milestones} aria-label="Milestones">
                  {planContent.milestones.map((milestone, index) => (
                    <li key={index}>
                      <strong>{milestone.title}</strong>
                      {milestone.description && <span className={styles.muted}> — {milestone.description}</span>}
                    </li>
                  ))}
                </ol>
              )}
            </>
          ) : (
            <p className={styles.muted}>No plan yet: it is the last step of framing.</p>
          )}
        </section>
      </Suspense>

      <div className={styles.columns}>
        <PatternSummary
          title="Engineering patterns"
          to="/flows/patterns/engineering"
          patterns={(engineering.draft?.content.patterns as { patterns?: StoredPattern[] } | undefined)?.patterns}
        />
        <PatternSummary
          title="Product patterns"
          to="/flows/patterns/product"
          patterns={(product.draft?.content.patterns as { patterns?: StoredPattern[] } | undefined)?.patterns}
        />
      </div>
    </div>
  );
}

function PatternSummary({ title, to, patterns }: { title: string; to: string; patterns?: StoredPattern[] }) {
  const id = `${to.split('/').pop()}-patterns-heading`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {patterns?.length ? (
        <ul className={styles.patterns}>
          {patterns.map((pattern) => (
            <li key={pattern.id ?? pattern.name}>
              <strong>{pattern.name}</strong>
              {pattern.description && <span className={styles.muted}> — {pattern.description}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>None yet. Implementation items pick from these.</p>
      )}
      <Link className={buttonClassName({ variant: 'secondary' })} to={to}>
        {patterns?.length ? 'Revise' : 'Identify patterns'}
      </Link>
    </section>
  );
}
