import { Children, isValidElement, type ReactNode } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeUrl } from '../../../features/board/MarkdownView';
import { contentHref } from '../contentPages';
import { docSlugs } from './docSlugs';
import styles from './DocArticle.module.css';

/** Plain text of rendered children, for heading ids. */
function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) =>
      typeof child === 'string' || typeof child === 'number'
        ? String(child)
        : isValidElement<{ children?: ReactNode }>(child)
          ? textOf(child.props.children)
          : '',
    )
    .join('');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export const headingId = (text: string) =>
  text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

/**
 * Where a link in a doc goes on the site: another published page keeps its anchor; a page of the
 * repository the site does not publish (operations, architecture…) has no address here, so null.
 */
export function docLinkTarget(href: string, prefix: string): string | null {
  const safe = safeUrl(href);
  if (!safe) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(safe) || safe.startsWith('#')) return safe;
  const [path = '', hash] = safe.split('#');
  const name = /([a-z0-9-]+)\.md$/i.exec(path)?.[1]?.toLowerCase();
  const slug = docSlugs.find((known) => known === name);
  if (!slug) return null;
  return `${contentHref(prefix, `docs/${slug}`)}${hash ? `#${hash}` : ''}`;
}

const heading =
  (Tag: 'h1' | 'h2' | 'h3' | 'h4') =>
  ({ children }: { children?: ReactNode }) => <Tag id={headingId(textOf(children))}>{children}</Tag>;

/** One docs page rendered from its Markdown: no raw HTML, no images, links kept on the site. */
export function DocArticle({ markdown, prefix }: { markdown: string; prefix: string }) {
  return (
    <article className={styles.article}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={(url) => url}
        components={{
          h1: heading('h1'),
          h2: heading('h2'),
          h3: heading('h3'),
          h4: heading('h4'),
          a: ({ href, children }) => {
            const target = href ? docLinkTarget(href, prefix) : null;
            if (!target) return <span>{children}</span>;
            const external = /^https?:/i.test(target);
            return external ? (
              <a href={target} target="_blank" rel="noopener noreferrer">
                {children}
              </a>
            ) : (
              <a href={target}>{children}</a>
            );
          },
          img: ({ alt }) => <span>{alt ? `[${alt}]` : ''}</span>,
          table: ({ children }) => (
            // Wide tables scroll sideways; focusable so a keyboard can scroll them too.
            <div className={styles.tableScroll} tabIndex={0}>
              <table>{children}</table>
            </div>
          ),
        }}
      >
        {markdown}
      </Markdown>
    </article>
  );
}
