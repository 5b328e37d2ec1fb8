import { formatCount } from './money';
import styles from './UsageMeter.module.css';

export interface UsageMeterProps {
  label: string;
  used: number;
  limit: number;
  hint?: string;
}

/** How much of one quota is used: a bar and "2 of 3"; at the limit the bar turns to the warning colour. */
export function UsageMeter({ label, used, limit, hint }: UsageMeterProps) {
  const share = limit > 0 ? Math.min(1, used / limit) : 1;
  const reached = used >= limit;
  return (
    <div className={styles.meter} data-reached={reached || undefined}>
      <div className={styles.row}>
        <span className={styles.label}>{label}</span>
        <span className={styles.value}>
          {formatCount(used)} of {formatCount(limit)}
          {reached && <span className={styles.reached}> · limit reached</span>}
        </span>
      </div>
      <div
        className={styles.track}
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={`${formatCount(used)} of ${formatCount(limit)}${reached ? ', limit reached' : ''}`}
      >
        <span className={styles.fill} style={{ inlineSize: `${share * 100}%` }} />
      </div>
      {hint && <span className={styles.hint}>{hint}</span>}
    </div>
  );
}
