import { useEffect } from 'react';
import { ContentAssessment } from '../../features/assessment/ContentAssessment';
import { appPath } from './SiteHeader';
import { contentHref } from './contentPages';
import frame from './ContentFrame.module.css';

/** The public assessment page (loaded on demand): no sign-in, the scores come from the public endpoint. */
export default function AssessmentSection({ prefix }: { prefix: string }) {
  useEffect(() => {
    document.title = 'Agent-readiness assessment · Baton';
  }, []);
  return (
    <>
      <h1 className={frame.title}>How ready is your team for coding agents?</h1>
      <p className={frame.lede}>
        21 questions across seven dimensions: tests, continuous integration, code review, documentation, issue quality,
        agent use and security. Each is scored on a published rubric, with concrete next steps for the weak ones. No
        sign-in, and nothing is stored.
      </p>
      <ContentAssessment rubricHref={contentHref(prefix, 'docs/assessment')} appHref={`${appPath}assessment`} />
    </>
  );
}
