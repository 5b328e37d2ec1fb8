import { BrandMark, CenteredLayout, buttonClassName } from '../../ui';
import { errorScreenTitle } from './errorText';
import type { ReactNode } from 'react';
import styles from './ErrorScreen.module.css';

/** Every site's error screen: no page at this path, or a page threw while rendering. */
export function ErrorScreen({
  detail,
  homePath = '/',
  extraAction,
}: {
  detail: string;
  homePath?: string;
  /** Another way out beside the start page (the app's "Export state for support"). */
  extraAction?: ReactNode;
}) {
  return (
    <CenteredLayout>
      <BrandMark />
      <div className={styles.body}>
        <h1 className={styles.title}>{errorScreenTitle}</h1>
        <p className={styles.detail}>{detail}</p>
      </div>
      <div className={styles.actions}>
        {/* A full page load: the page that failed should not be trusted to navigate. */}
        <a className={buttonClassName({ variant: 'secondary' })} href={homePath}>
          Go to the start page
        </a>
        {extraAction}
      </div>
    </CenteredLayout>
  );
}
