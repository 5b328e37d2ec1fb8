import { useState } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectItemById } from '../items/itemsSelectors';
import { completionToggled } from '../items/itemsSlice';
import { moveItemToBucket } from '../items/itemCommands';
import { bucketOf } from '../items/itemModel';
import { isCompleted } from '../../../shared/completion';
import { bucketKey } from '../../../shared/timeframes';
import { itemPanelOpened } from './boardSlice';
import { itemPath } from './useBoardUrl';
import { MoveTargetItems } from './MoveTargetItems';
import { useBoardLayout } from './boardLayout';
import { useBoardNavigation } from './boardNavigation';
import { DotsIcon } from './CardMenuButton';
import styles from './CardMenu.module.css';

export interface CardMenuProps {
  id: string;
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMoveUp: () => void;
  onMoveDown: () => void;
}

/** The card's "⋯" menu: open, complete, "Move to…" any bucket, reorder, delete. Loaded on first use. */
export default function CardMenu({ id, label, open, onOpenChange, onMoveUp, onMoveDown }: CardMenuProps) {
  return (
    <Menu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Menu.Trigger className={styles.trigger} aria-label={`Actions for ${label}`} title="Actions (M)">
        <DotsIcon />
      </Menu.Trigger>
      {open && <CardMenuContent id={id} onMoveUp={onMoveUp} onMoveDown={onMoveDown} />}
    </Menu.Root>
  );
}

function CardMenuContent({ id, onMoveUp, onMoveDown }: { id: string; onMoveUp: () => void; onMoveDown: () => void }) {
  const dispatch = useAppDispatch();
  const item = useAppSelector((state) => selectItemById(state, id));
  const layout = useBoardLayout();
  const navigation = useBoardNavigation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  if (!item) return null;
  const currentKey = bucketKey(bucketOf(item));
  const completed = isCompleted(item.completionDate);
  const name = item.externalId || 'the item';

  return (
    <Menu.Portal>
      <Menu.Content
        className={styles.content}
        align="end"
        sideOffset={4}
        collisionPadding={8}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          navigation.focus(id);
        }}
      >
        <Menu.Item className={styles.item} onSelect={() => dispatch(itemPanelOpened(id))}>
          Open <kbd className={styles.kbd}>Enter</kbd>
        </Menu.Item>
        {item.externalId && (
          <Menu.Item
            className={styles.item}
            onSelect={() => {
              navigator.clipboard.writeText(`${location.origin}${itemPath(item.externalId)}`).then(
                () => navigation.announce(`Copied the link to ${name}.`),
                () => navigation.announce(`Could not copy: the link is ${location.origin}${itemPath(item.externalId)}`),
              );
            }}
          >
            Copy link
          </Menu.Item>
        )}
        <Menu.Item className={styles.item} onSelect={() => dispatch(completionToggled(id, !completed))}>
          {completed ? 'Mark incomplete' : 'Mark complete'} <kbd className={styles.kbd}>X</kbd>
        </Menu.Item>
        <Menu.Sub>
          <Menu.SubTrigger className={styles.item}>
            Move to… <span aria-hidden="true">›</span>
          </Menu.SubTrigger>
          <Menu.Portal>
            <Menu.SubContent className={`${styles.content} ${styles.targets}`} sideOffset={2} collisionPadding={8}>
              <MoveTargetItems
                currentKey={currentKey}
                onPick={(column, where) => {
                  if (dispatch(moveItemToBucket(id, column.bucket))) navigation.announce(`Moved ${name} to ${where}.`);
                }}
              />
            </Menu.SubContent>
          </Menu.Portal>
        </Menu.Sub>
        <Menu.Item className={styles.item} onSelect={onMoveUp}>
          Move up <kbd className={styles.kbd}>Alt ↑</kbd>
        </Menu.Item>
        <Menu.Item className={styles.item} onSelect={onMoveDown}>
          Move down <kbd className={styles.kbd}>Alt ↓</kbd>
        </Menu.Item>
        <Menu.Separator className={styles.separator} />
        <Menu.Item
          className={`${styles.item} ${styles.danger}`}
          onSelect={(event) => {
            // The first choice asks again; deleting takes a second, deliberate one.
            if (!confirmingDelete) {
              event.preventDefault();
              setConfirmingDelete(true);
              return;
            }
            navigation.deleteItem(id, layout.projectId);
          }}
        >
          {confirmingDelete ? `Delete ${name}? Choose again to confirm` : 'Delete…'}
        </Menu.Item>
      </Menu.Content>
    </Menu.Portal>
  );
}
