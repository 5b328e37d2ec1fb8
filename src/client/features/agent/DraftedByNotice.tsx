import { Link } from 'react-router-dom';
import type { DraftedBy } from '../../../shared/contract/agent';
import styles from './Wizard.module.css';

/** Says who wrote a draft: never presents the built-in drafter as AI (agents.md §1). */
export function DraftedByNotice({ draftedBy }: { draftedBy: DraftedBy | null | undefined }) {
  if (draftedBy === 'ai') return <p className={styles.notice}>Drafted by AI. Check it before you use it.</p>;
  if (draftedBy !== 'drafter') return null;
  return (
    <p className={styles.notice}>
      Drafted by Baton&apos;s built-in drafter (no AI), from your own words; it spends no agent actions.{' '}
      <Link to="/settings/ai">Connect an AI provider</Link> for richer drafts.
    </p>
  );
}
