import styles from './BoardSketch.module.css';

/** A drawing of the board's shape (columns by timeframe), not data: hidden from screen readers. */
const columns = [
  {
    heading: 'Today',
    cards: [
      { kind: 'implementation', width: 'long' },
      { kind: 'demo', width: 'short' },
    ],
  },
  {
    heading: 'This week',
    cards: [
      { kind: 'implementation', width: 'short' },
      { kind: 'gtm', width: 'long' },
      { kind: 'implementation', width: 'mid' },
    ],
  },
  {
    heading: 'Next week',
    cards: [
      { kind: 'demo', width: 'mid' },
      { kind: 'implementation', width: 'long' },
    ],
  },
  { heading: 'Milestone', cards: [{ kind: 'gtm', width: 'short' }] },
] as const;

export function BoardSketch() {
  return (
    <div className={styles.sketch} aria-hidden="true">
      {columns.map((column) => (
        <div key={column.heading} className={styles.column}>
          <span className={styles.heading}>{column.heading}</span>
          {column.cards.map((card, index) => (
            <span key={index} className={`${styles.card} ${styles[card.kind]}`}>
              <span className={styles.dot} />
              <span className={`${styles.line} ${styles[card.width]}`} />
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
