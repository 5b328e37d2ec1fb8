import { Command } from 'cmdk';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { AppStore } from '../../app/store';
import { paletteCommands } from './paletteCommands';
import styles from './CommandPalette.module.css';

/**
 * The command palette (Ctrl/⌘-K): every action by name, with its shortcut beside it. What it offers is
 * read when it opens: the open or focused item's actions first, then the board, pages, projects,
 * teams, theme and help. Its own chunk: the board's first load carries none of it.
 */
export default function CommandPalette(props: { itemId: string | null; onClose(): void; onShortcuts(): void }) {
  const store = useStore() as unknown as AppStore;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Read once per opening: what the palette offers is what was true when it opened.
  const [commands] = useState(() =>
    paletteCommands({
      state: store.getState(),
      dispatch,
      navigate,
      itemId: props.itemId,
      showShortcuts: props.onShortcuts,
    }),
  );
  const groups = [...new Set(commands.map((command) => command.group))];

  return (
    <Command.Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      label="Command palette"
      overlayClassName={styles.overlay}
      contentClassName={styles.palette}
    >
      <Command.Input className={styles.input} placeholder="Type a command…" />
      <Command.List className={styles.list}>
        <Command.Empty className={styles.empty}>No command matches.</Command.Empty>
        {groups.map((group) => (
          <Command.Group key={group} heading={group} className={styles.groupBlock}>
            {commands
              .filter((command) => command.group === group)
              .map((command) => (
                <Command.Item
                  key={command.id}
                  value={`${group} ${command.label}`}
                  className={styles.item}
                  onSelect={() => {
                    props.onClose();
                    command.run();
                  }}
                >
                  <span>{command.label}</span>
                  {command.keys && <kbd className={styles.kbd}>{command.keys}</kbd>}
                </Command.Item>
              ))}
          </Command.Group>
        ))}
      </Command.List>
    </Command.Dialog>
  );
}
