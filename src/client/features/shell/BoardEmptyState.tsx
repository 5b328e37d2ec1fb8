import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui';
import styles from './BoardEmptyState.module.css';

const NewProjectDialog = lazy(() => import(/* webpackChunkName: "project-dialogs" */ '../projects/NewProjectDialog'));

/** A team with no project yet: the board's place, and the way to start one. */
export function BoardEmptyState() {
  const [creating, setCreating] = useState(false);
  return (
    <section className={styles.empty} aria-labelledby="board-empty-title">
      <div className={styles.lanes} aria-hidden="true">
        <span className={styles.lane} />
        <span className={styles.lane} />
        <span className={styles.lane} />
      </div>
      <h1 id="board-empty-title" className={styles.title}>
        No project yet
      </h1>
      <p className={styles.text}>
        Create a project to plan its demos, implementations and go-to-market items by days, weeks and milestones.
      </p>
      <Button variant="primary" onClick={() => setCreating(true)}>
        Create a project
      </Button>
      {creating && (
        <Suspense fallback={null}>
          <NewProjectDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </section>
  );
}
