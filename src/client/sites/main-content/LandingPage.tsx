import { useEffect } from 'react';
import { BrandMark, buttonClassName } from '../../ui';
import { BoardSketch } from './BoardSketch';
import { contentHref } from './contentPages';
import { appPath, SiteHeader } from './SiteHeader';
import styles from './LandingPage.module.css';

const itemKinds = [
  {
    name: 'Demos',
    tone: 'demo',
    text: 'What you will show, and to whom. Each demo names the implementations it needs.',
  },
  {
    name: 'Implementations',
    tone: 'implementation',
    text: 'The engineering work, small enough to hand to an agent and review in one sitting.',
  },
  {
    name: 'Go-to-market',
    tone: 'gtm',
    text: 'Docs, announcements and launches, planned beside the code they depend on.',
  },
];

const steps = [
  {
    title: 'Plan on one board',
    text: 'Place items by day for this week, by week for the next few, and by milestone beyond that. Near work stays fine-grained, far work stays coarse.',
  },
  {
    title: 'Draft with guided flows',
    text: 'Frame the project into a story and a plan, name the patterns your code and product follow, and turn notes into items: with your AI provider, or a built-in drafter that works from your own answers.',
  },
  {
    title: 'Hand an item to an agent',
    text: 'Send it to Claude Code, Copilot or Cursor as a GitHub issue in your repository, with its goals and context. Or copy a terminal command that starts Claude Code on your machine; it reads the item over Baton’s MCP server.',
  },
  {
    title: 'Follow it through',
    text: 'The agent’s pull request comes back on the item, from open to merged; a terminal agent reports its progress and pull request over MCP. The item keeps its place on the plan, so the board stays the one picture of what ships when.',
  },
];

/** The landing page; `prefix` is where the site's pages live ('' on a content host). */
export function LandingPage({ prefix = '' }: { prefix?: string }) {
  useEffect(() => {
    document.title = 'Baton: plan the work, hand it to an agent';
  }, []);

  return (
    <div className={styles.page}>
      <SiteHeader prefix={prefix} />

      <main>
        <section className={styles.hero} aria-labelledby="landing-title">
          <h1 id="landing-title" className={styles.title}>
            Plan the work. Hand it to an agent.
          </h1>
          <p className={styles.lede}>
            Baton is a planning board for software teams that work with AI coding agents. Lay out demos, implementations
            and go-to-market items by days, weeks and milestones, then get each item ready to hand to an agent.
          </p>
          <div className={styles.actions}>
            <a className={buttonClassName({ variant: 'primary', size: 'large' })} href={appPath}>
              Open Baton
            </a>
            <a className={buttonClassName({ variant: 'ghost', size: 'large' })} href="#how-it-works">
              How it works
            </a>
          </div>
          <BoardSketch />
        </section>

        <section className={styles.section} aria-labelledby="kinds-title">
          <h2 id="kinds-title" className={styles.sectionTitle}>
            Three kinds of work, one plan
          </h2>
          <ul className={styles.grid}>
            {itemKinds.map((kind) => (
              <li key={kind.name} className={styles.tile}>
                <h3 className={styles.tileTitle}>
                  <span className={`${styles.kindDot} ${styles[kind.tone]}`} aria-hidden="true" />
                  {kind.name}
                </h3>
                <p className={styles.tileText}>{kind.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="how-it-works" className={styles.section} aria-labelledby="how-title">
          <h2 id="how-title" className={styles.sectionTitle}>
            How it works
          </h2>
          <ol className={styles.steps}>
            {steps.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className={styles.tileTitle}>{step.title}</h3>
                  <p className={styles.tileText}>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section className={styles.section} aria-labelledby="mcp-title">
          <h2 id="mcp-title" className={styles.sectionTitle}>
            Any MCP client, signed in
          </h2>
          <p className={`${styles.tileText} ${styles.prose}`}>
            Baton runs an MCP server. Add it to Claude Code with{' '}
            <code className={styles.code}>claude mcp add --transport http baton &lt;your Baton address&gt;/mcp</code>,
            sign in and approve on Baton’s consent screen; Cursor, VS Code and other clients that follow the MCP
            authorization spec connect the same way. The agent lists, reads, creates and updates your team’s items, and
            records its progress and pull requests on them.{' '}
            <a href={contentHref(prefix, 'docs/mcp')}>How MCP works in Baton</a>
          </p>
        </section>

        <section className={styles.section} aria-labelledby="assessment-title">
          <h2 id="assessment-title" className={styles.sectionTitle}>
            Is your team ready to hand work to agents?
          </h2>
          <p className={`${styles.tileText} ${styles.prose}`}>
            Take the agent-readiness assessment: 21 questions on tests, CI, code review, docs, issue quality, agent use
            and security, scored on a published rubric, with next steps for the weak spots. No sign-in.
          </p>
          <div className={styles.actions}>
            <a
              className={buttonClassName({ variant: 'secondary', size: 'large' })}
              href={contentHref(prefix, 'assessment')}
            >
              Take the assessment
            </a>
            <a className={buttonClassName({ variant: 'ghost', size: 'large' })} href={contentHref(prefix, 'docs')}>
              Read the docs
            </a>
          </div>
        </section>

        <section className={styles.closing} aria-labelledby="closing-title">
          <h2 id="closing-title" className={styles.sectionTitle}>
            Ready to plan?
          </h2>
          <p className={styles.tileText}>Sign in and your first team and project are set up for you.</p>
          <a className={buttonClassName({ variant: 'primary', size: 'large' })} href={appPath}>
            Open Baton
          </a>
        </section>
      </main>

      <footer className={styles.footer}>
        <BrandMark withName={false} />
        <span>Baton: planning for teams that build with AI agents.</span>
      </footer>
    </div>
  );
}
