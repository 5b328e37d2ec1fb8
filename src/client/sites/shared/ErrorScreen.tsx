import { BrandMark, CenteredLayout, buttonClassName } from '../../ui';
import { errorScreenTitle } from './errorText';
import styles from './ErrorScreen.module.css';

/** Every site's error screen: no page at this path, or a page threw while rendering. */
export function ErrorScreen({ detail, homePath = '/' }: { detail: string; homePath?: string }) {
  return (
    <CenteredLayout>
      <BrandMark />
      <div className={styles.body}>
        <h1 className={styles.title}>{errorScreenTitle}</h1>
        <p className={styles.detail}>{detail}</p>
      </div>
      <div>
        {/* A full page load: the page that failed should not be trusted to navigate. */}
        <a className={buttonClassName({ variant: 'secondary' })} href={homePath}>
          Go to the start page
        </a>
      </div>
    </CenteredLayout>
  );
}
