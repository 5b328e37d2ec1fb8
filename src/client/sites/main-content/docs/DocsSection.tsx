import { useEffect } from 'react';
import { contentHref } from '../contentPages';
import frame from '../ContentFrame.module.css';
import { DocArticle } from './DocArticle';
import { docSlugs, docTitles, type DocSlug } from './docSlugs';
import { docTexts } from './docTexts';
import styles from './DocsSection.module.css';

/**
 * The docs section of the content site (loaded on demand: it carries the Markdown and its renderer):
 * the index of published pages, or one page with the others beside it.
 */
export default function DocsSection({ prefix, slug }: { prefix: string; slug: DocSlug | null }) {
  useEffect(() => {
    document.title = slug ? `${docTitles[slug].title} · Baton docs` : 'Docs · Baton';
  }, [slug]);

  if (!slug) {
    return (
      <>
        <h1 className={frame.title}>Docs</h1>
        <p className={frame.lede}>How Baton works, for the people who use it.</p>
        <ul className={styles.index}>
          {docSlugs.map((known) => (
            <li key={known} className={styles.entry}>
              <a className={styles.entryTitle} href={contentHref(prefix, `docs/${known}`)}>
                {docTitles[known].title}
              </a>
              <p className={styles.summary}>{docTitles[known].summary}</p>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <div className={styles.layout}>
      <nav className={styles.side} aria-label="Docs pages">
        <a className={styles.sideLink} href={contentHref(prefix, 'docs')}>
          All docs
        </a>
        {docSlugs.map((known) => (
          <a
            key={known}
            className={styles.sideLink}
            href={contentHref(prefix, `docs/${known}`)}
            aria-current={known === slug ? 'page' : undefined}
          >
            {docTitles[known].title}
          </a>
        ))}
      </nav>
      <DocArticle markdown={docTexts[slug]} prefix={prefix} />
    </div>
  );
}
