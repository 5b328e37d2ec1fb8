import { useEffect, useRef, type ReactNode } from 'react';
import { dimensionTitles, profileTitles } from '../../../shared/assessment/questionnaire';
import type { AssessmentResult } from '../../../shared/contract/benchmark';
import styles from './AssessmentResultView.module.css';

interface AssessmentResultViewProps {
  result: AssessmentResult;
  /** Where the rubric is published (docs/assessment.md on the content site). */
  rubricHref?: string;
  /** Actions under the summary: retake, save. */
  actions?: ReactNode;
}

/** The scored assessment: the profile and overall score, each dimension's score and next steps, and the profile gaps. */
export function AssessmentResultView({ result, rubricHref, actions }: AssessmentResultViewProps) {
  const nextProfile = result.profiles.find((comparison) => !comparison.met);
  const title = useRef<HTMLHeadingElement>(null);
  // The result replaces the form: move focus (and the view) to its heading.
  useEffect(() => title.current?.focus(), []);
  return (
    <section className={styles.result} aria-labelledby="assessment-result-title">
      <div className={styles.summary}>
        <h2 id="assessment-result-title" className={styles.title} ref={title} tabIndex={-1}>
          Your team is <span className={styles.profile}>{profileTitles[result.profile]}</span>
        </h2>
        <p className={styles.overall}>
          Overall score <strong>{result.overallScore}</strong> of 100
        </p>
        {nextProfile ? (
          <p className={styles.muted}>
            To reach {profileTitles[nextProfile.profile]} (every dimension at {nextProfile.minimumScore} or more):{' '}
            {nextProfile.shortfalls
              .map((shortfall) => `${dimensionTitles[shortfall.dimension]} +${shortfall.points}`)
              .join(', ')}
            .
          </p>
        ) : (
          <p className={styles.muted}>Every dimension meets the top reference profile.</p>
        )}
        {rubricHref && (
          <p className={styles.muted}>
            <a href={rubricHref}>How this is scored</a>
          </p>
        )}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>

      <ul className={styles.dimensions} aria-label="Scores by dimension">
        {result.dimensions.map((entry) => (
          <li key={entry.dimension} className={styles.dimension}>
            <div className={styles.dimensionHead}>
              <h3 className={styles.dimensionTitle}>{dimensionTitles[entry.dimension]}</h3>
              <span className={styles.level} data-level={entry.level}>
                {profileTitles[entry.level]}
              </span>
              <span className={styles.score} aria-label={`${dimensionTitles[entry.dimension]} score`}>
                {entry.score}
              </span>
            </div>
            <div
              className={styles.bar}
              role="meter"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={entry.score}
              aria-label={`${dimensionTitles[entry.dimension]} score`}
            >
              <span className={styles.fill} data-level={entry.level} style={{ width: `${entry.score}%` }} />
            </div>
            {entry.nextSteps.length === 0 && <p className={styles.done}>Nothing to do here for agent hand-off.</p>}
            {entry.nextSteps.length > 0 && (
              <ol className={styles.steps} aria-label={`Next steps for ${dimensionTitles[entry.dimension]}`}>
                {entry.nextSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
