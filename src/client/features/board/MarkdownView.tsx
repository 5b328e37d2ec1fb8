import Markdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import styles from './MarkdownView.module.css';

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;

/**
 * Only web and mail links survive; anything with another scheme (javascript:, data:, vbscript:…) is
 * dropped. Relative links stay relative.
 */
export function safeUrl(url: string): string | null {
  const cleaned = defaultUrlTransform(url);
  if (!cleaned) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(cleaned.trim());
  return !hasScheme || SAFE_PROTOCOL.test(cleaned.trim()) ? cleaned : null;
}

/**
 * An item's description rendered from markdown, safely: raw HTML is skipped (never parsed into the
 * page), links and images go through `safeUrl`, links open in a new tab without an opener.
 */
export default function MarkdownView({ markdown }: { markdown: string }) {
  return (
    <div className={styles.markdown}>
      <Markdown
        // GitHub-flavoured markdown: tables, task lists, strikethrough and bare links, as agents and GitHub write them.
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={(url) => safeUrl(url) ?? ''}
        components={{
          a: ({ href, children }) =>
            href ? (
              <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                {children}
              </a>
            ) : (
              <span>{children}</span>
            ),
          // Images would load from anywhere; show their text instead.
          img: ({ alt }) => <span>{alt ? `[${alt}]` : ''}</span>,
        }}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
