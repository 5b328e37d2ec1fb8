import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { AppStore } from '../../app/store';
import { useScrollLock, VisuallyHidden } from '../../ui';
import { displayTitle } from '../../../shared/displayTitle';
import { isCompleted } from '../../../shared/completion';
import { selectAllProjects } from '../projects/projectsSelectors';
import { itemPath } from '../board/useBoardUrl';
import { matchesWords, paletteCommands } from './paletteCommands';
import { useItemSearch } from './useItemSearch';
import styles from './CommandPalette.module.css';

/** What a search that names an item by key looks like: BAT-12, or just 12. */
const looksLikeKey = (text: string) => /^([a-z]+-)?\d+$/i.test(text.trim());

/**
 * The command palette (Ctrl/⌘-K): every action by name, with its shortcut beside it, and the team's
 * items by key or words of the title in any project (read from the server as the user types). What it
 * offers is read when it opens: the open or focused item's actions first, then the board, pages,
 * projects, teams, theme and help. A modal: the page behind is inert, hidden from assistive technology
 * and does not scroll. Its own chunk: the board's first load carries none of it.
 */
export default function CommandPalette(props: { itemId: string | null; onClose(): void; onShortcuts(): void }) {
  const store = useStore() as unknown as AppStore;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useScrollLock();
  // Read once per opening: what the palette offers is what was true when it opened.
  const [{ commands, projectNames, activeProjectId }] = useState(() => {
    const state = store.getState();
    return {
      commands: paletteCommands({ state, dispatch, navigate, itemId: props.itemId, showShortcuts: props.onShortcuts }),
      projectNames: new Map(selectAllProjects(state).map((project) => [project.id, project.description])),
      activeProjectId: state.coreContext.context?.userContext.activeProjectId ?? null,
    };
  });
  const [search, setSearch] = useState('');
  const { hits, searching } = useItemSearch(search);
  const shown = commands.filter((command) => matchesWords(`${command.group} ${command.label}`, search));
  const groups = [...new Set(shown.map((command) => command.group))];
  const run = (action: () => void) => {
    props.onClose();
    action();
  };

  const itemGroup = hits.length > 0 && (
    <Command.Group key="items" heading="Items" className={styles.groupBlock}>
      {hits.map((hit) => {
        const projectId = activeProjectId && hit.projectIds.includes(activeProjectId) ? null : hit.projectIds[0];
        const where = projectId ? projectNames.get(projectId) : undefined;
        return (
          <Command.Item
            key={hit.id}
            value={`item ${hit.id}`}
            className={styles.item}
            onSelect={() => run(() => navigate(itemPath(hit.externalId)))}
          >
            <span className={styles.hit}>
              <span className={styles.key}>{hit.externalId}</span>
              <span className={styles.hitTitle}>{displayTitle(hit.description)}</span>
            </span>
            <span className={styles.where}>
              {isCompleted(hit.completionDate) && <span>Done</span>}
              {where && <span>in {where}</span>}
            </span>
          </Command.Item>
        );
      })}
    </Command.Group>
  );
  const commandGroups = groups.map((group) => (
    <Command.Group key={group} heading={group} className={styles.groupBlock}>
      {shown
        .filter((command) => command.group === group)
        .map((command) => (
          <Command.Item
            key={command.id}
            value={command.id}
            className={styles.item}
            onSelect={() => run(() => command.run())}
          >
            <span>{command.label}</span>
            {command.keys && <kbd className={styles.kbd}>{command.keys}</kbd>}
          </Command.Item>
        ))}
    </Command.Group>
  ));

  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        {/* Our own backdrop: Radix's Overlay locks scrolling by injecting a <style> the CSP refuses. */}
        <div className={styles.overlay} aria-hidden="true" />
        <Dialog.Content className={styles.palette} aria-modal="true" aria-describedby={undefined}>
          <Dialog.Title asChild>
            <VisuallyHidden>Command palette</VisuallyHidden>
          </Dialog.Title>
          <Command label="Command palette" shouldFilter={false} loop>
            <Command.Input
              className={styles.input}
              value={search}
              onValueChange={setSearch}
              placeholder="Type a command, an item’s key or words of its title…"
            />
            <Command.List className={styles.list}>
              <Command.Empty className={styles.empty}>
                {searching ? 'Searching items…' : 'No command or item matches.'}
              </Command.Empty>
              {looksLikeKey(search) ? [itemGroup, ...commandGroups] : [...commandGroups, itemGroup]}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
