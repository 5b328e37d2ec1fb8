import { useEffect } from 'react';
import { BrandMark, CenteredLayout, buttonClassName } from '../../ui';
import styles from './MovedPage.module.css';

/** Long enough to read the notice, short enough not to wait for the click. */
export const redirectDelayMs = 3000;

export interface MovedPageProps {
  legacyContentUrl: string | null;
  /** Injected so tests need not replace window.location. */
  replaceLocation?: (url: string) => void;
}

/** The old content site: says Baton moved and sends the visitor there. */
export function MovedPage({
  legacyContentUrl,
  replaceLocation = (url) => window.location.replace(url),
}: MovedPageProps) {
  const target = legacyContentUrl ?? '/';

  useEffect(() => {
    document.title = 'Baton has moved';
    if (!legacyContentUrl) return;
    const timer = window.setTimeout(() => replaceLocation(legacyContentUrl), redirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [legacyContentUrl, replaceLocation]);

  return (
    <CenteredLayout>
      <BrandMark />
      <div className={styles.body}>
        <h1 className={styles.title}>This site has moved</h1>
        <p className={styles.text}>
          {legacyContentUrl ? (
            <>
              Baton now lives at <span className={styles.address}>{legacyContentUrl}</span>. Taking you there in a
              moment.
            </>
          ) : (
            'Baton now lives at a new address.'
          )}
        </p>
      </div>
      <div>
        <a className={buttonClassName({ variant: 'primary' })} href={target}>
          Go to Baton now
        </a>
      </div>
    </CenteredLayout>
  );
}
