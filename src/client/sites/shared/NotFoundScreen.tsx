import { useEffect, type ReactNode } from 'react';
import { BrandMark, CenteredLayout, buttonClassName } from '../../ui';
import styles from './ErrorScreen.module.css';

export const notFoundTitle = 'Page not found';

/** Every site's answer to a path no page answers to: what happened, and a way back. */
export function NotFoundScreen({
  path,
  homePath = '/',
  homeLabel = 'Go to the start page',
  extraAction,
}: {
  path: string;
  homePath?: string;
  homeLabel?: string;
  extraAction?: ReactNode;
}) {
  useEffect(() => {
    const before = document.title;
    document.title = `${notFoundTitle} · Baton`;
    return () => {
      document.title = before;
    };
  }, []);
  return (
    <CenteredLayout>
      <BrandMark />
      <div className={styles.body}>
        <h1 className={styles.title}>{notFoundTitle}</h1>
        <p className={styles.detail}>
          Baton has no page at <code className={styles.path}>{path}</code>. The link may be old, or the address
          mistyped.
        </p>
        <div className={styles.actions}>
          <a className={buttonClassName({ variant: 'primary' })} href={homePath}>
            {homeLabel}
          </a>
          {extraAction}
        </div>
      </div>
    </CenteredLayout>
  );
}
