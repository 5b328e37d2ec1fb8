import styles from './BoardEmptyState.module.css';

/** The board's place, held honestly until the board ships. */
export function BoardEmptyState({ projectName }: { projectName: string | null }) {
  return (
    <section className={styles.empty} aria-labelledby="board-empty-title">
      <div className={styles.lanes} aria-hidden="true">
        <span className={styles.lane} />
        <span className={styles.lane} />
        <span className={styles.lane} />
      </div>
      <h1 id="board-empty-title" className={styles.title}>
        {projectName ? `The board for ${projectName} arrives here` : 'The board arrives here'}
      </h1>
      <p className={styles.text}>
        Demos, implementations and go-to-market items will be planned here by days, weeks and milestones, ready to hand
        to an agent.
      </p>
    </section>
  );
}
