import type { ReactNode } from 'react';
import { BrandMark } from '../../ui';
import { SiteHeader } from './SiteHeader';
import styles from './ContentFrame.module.css';

/** A content page other than the landing page: the site header, the page, the footer. */
export function ContentFrame({
  prefix,
  current,
  children,
}: {
  prefix: string;
  current?: 'docs' | 'assessment';
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <SiteHeader prefix={prefix} current={current} />
      <main className={styles.main}>{children}</main>
      <footer className={styles.footer}>
        <BrandMark withName={false} />
        <span>Baton: planning for teams that build with AI agents.</span>
      </footer>
    </div>
  );
}
