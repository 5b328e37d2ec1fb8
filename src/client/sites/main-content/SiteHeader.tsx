import { BrandMark, buttonClassName } from '../../ui';
import { contentHref } from './contentPages';
import styles from './SiteHeader.module.css';

/** The app lives at '/'; a full page load, because it is another route set. */
export const appPath = '/';

/** The content site's header on every page: home, docs, the assessment, and the way into the app. */
export function SiteHeader({ prefix, current }: { prefix: string; current?: 'docs' | 'assessment' }) {
  return (
    <header className={styles.header}>
      <a href={contentHref(prefix, '')} aria-label="Baton home" className={styles.home}>
        <BrandMark />
      </a>
      <nav className={styles.nav} aria-label="Site">
        <a
          className={styles.link}
          href={contentHref(prefix, 'docs')}
          aria-current={current === 'docs' ? 'page' : undefined}
        >
          Docs
        </a>
        <a
          className={styles.link}
          href={contentHref(prefix, 'assessment')}
          aria-current={current === 'assessment' ? 'page' : undefined}
        >
          Assessment
        </a>
        <a className={buttonClassName({ variant: 'secondary' })} href={appPath}>
          Open Baton
        </a>
      </nav>
    </header>
  );
}
