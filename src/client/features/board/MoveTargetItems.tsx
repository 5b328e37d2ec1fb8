import * as Menu from '@radix-ui/react-dropdown-menu';
import type { BoardColumn } from './boardColumns';
import { bucketName } from './boardColumns';
import { useBoardLayout } from './boardLayout';
import styles from './CardMenu.module.css';

/** The buckets "Move to…" offers, by scope: the card menu's for one card, the bulk bar's for the selection. */
export function MoveTargetItems({
  currentKey,
  onPick,
}: {
  /** The bucket the item is in already (shown, not offered). */
  currentKey: string | null;
  onPick: (column: BoardColumn, name: string) => void;
}) {
  const layout = useBoardLayout();
  return layout.moveTargets.map((group) => (
    <Menu.Group key={group.scope} className={styles.group}>
      <Menu.Label className={styles.label}>{group.label}</Menu.Label>
      {group.columns.map((column) => {
        const name = bucketName(column.bucket, layout.milestones);
        return (
          <Menu.Item
            key={column.key}
            className={styles.item}
            disabled={column.key === currentKey}
            aria-label={name}
            onSelect={() => onPick(column, name)}
          >
            <span>{column.label}</span>
            {column.detail && <span className={styles.detail}>{column.detail}</span>}
            {column.key === currentKey && <span className={styles.detail}>current</span>}
          </Menu.Item>
        );
      })}
    </Menu.Group>
  ));
}
