import type { NavigateFunction } from 'react-router-dom';
import { draftLabels } from '../agent/draftLabels';
import type { AppDispatch, RootState } from '../../app/store';
import { userAndTeamApi } from '../../api/userAndTeam';
import { assignItem, moveItemToBucket } from '../items/itemCommands';
import { completionToggled, currentId, itemDeleteRequested, itemOf } from '../items/itemsSlice';
import { itemPanelOpened } from '../board/boardSlice';
import { itemPath, projectPath } from '../board/useBoardUrl';
import { todayIndex } from '../board/boardColumns';
import { isCompleted } from '../../../shared/completion';
import { dayTimeframe } from '../../../shared/timeframes';
import { Scope } from '../../../shared/enums';
import { Themes } from '../../../shared/contract/userAndTeam';
import { selectAllProjects } from '../projects/projectsSelectors';
import { selectAvailableTeams } from '../teams/teamSlice';

export interface PaletteCommand {
  id: string;
  group: string;
  label: string;
  /** The shortcut that does the same, shown beside it. */
  keys?: string;
  run(): void;
}

interface Context {
  state: RootState;
  dispatch: AppDispatch;
  navigate: NavigateFunction;
  /** The item the palette acts on: the open panel's, or the focused card's. */
  itemId: string | null;
  showShortcuts(): void;
}

/** Whether every word typed appears in the text (any case, any order). */
export function matchesWords(text: string, search: string): boolean {
  const haystack = text.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

const click = (selector: string) => document.querySelector<HTMLElement>(selector)?.click();

/** Every action the palette offers now: the item's, the board's, pages, projects, teams, theme, help. */
export function paletteCommands({ state, dispatch, navigate, itemId, showShortcuts }: Context): PaletteCommand[] {
  const commands: PaletteCommand[] = [];
  const context = state.coreContext.context;
  const item = itemId ? itemOf(state.items, currentId(state.items, itemId)) : undefined;
  const me = context?.userContext.userId ?? null;

  if (item) {
    const name = item.externalId || 'this item';
    const group = `Item ${name}`;
    const done = isCompleted(item.completionDate);
    commands.push(
      { id: 'item-open', group, label: 'Open', keys: 'Enter', run: () => dispatch(itemPanelOpened(item.id)) },
      {
        id: 'item-complete',
        group,
        label: done ? 'Mark incomplete' : 'Mark complete',
        keys: 'X',
        run: () => dispatch(completionToggled(item.id, !done)),
      },
      {
        id: 'item-assign',
        group,
        label: item.plan.assignedToUserId === me ? 'Unassign me' : 'Assign to me',
        keys: 'I',
        run: () => dispatch(assignItem(item.id, item.plan.assignedToUserId === me ? null : me)),
      },
      {
        id: 'item-today',
        group,
        label: 'Move to today',
        run: () =>
          dispatch(moveItemToBucket(item.id, { scope: Scope.InScope, assignedTimeframe: dayTimeframe(todayIndex()) })),
      },
      {
        id: 'item-unscheduled',
        group,
        label: 'Move to unscheduled',
        run: () => dispatch(moveItemToBucket(item.id, { scope: item.plan.scope, assignedTimeframe: null })),
      },
    );
    if (item.externalId) {
      commands.push({
        id: 'item-link',
        group,
        label: 'Copy link',
        run: () => void navigator.clipboard.writeText(`${location.origin}${itemPath(item.externalId)}`),
      });
    }
    if (state.items.projectId) {
      const projectId = state.items.projectId;
      commands.push({
        id: 'item-delete',
        group,
        label: `Delete ${name}`,
        keys: 'Delete ×2',
        // The undo toast says it was deleted, with Undo.
        run: () => dispatch(itemDeleteRequested(item.id, projectId)),
      });
    }
  }

  commands.push(
    {
      id: 'board-new',
      group: 'Board',
      label: 'New item',
      keys: 'N',
      run: () => click('[data-bucket-key] button[aria-label^="Add item to"]'),
    },
    {
      id: 'board-search',
      group: 'Board',
      label: 'Search items',
      keys: '/',
      run: () => document.querySelector<HTMLElement>('input[type="search"]')?.focus(),
    },
  );

  const pages: [string, string][] = [
    ['Board', '/'],
    ['Project overview', '/project'],
    ['Context items', '/context'],
    [draftLabels().addItems.replace('…', ''), '/flows/add-items'],
    ['Settings: account', '/settings/account'],
    ['Settings: members', '/settings/members'],
    ['Settings: planning data (go-to-market plan, global team data)', '/settings/planning'],
    ['Settings: AI', '/settings/ai'],
    ['Settings: GitHub', '/settings/github'],
    ['Settings: MCP', '/settings/mcp'],
    ['Assessment: ready for coding agents?', '/assessment'],
  ];
  for (const [label, path] of pages) {
    commands.push({ id: `go-${path}`, group: 'Go to', label, run: () => navigate(path) });
  }

  const activeProjectId = context?.userContext.activeProjectId;
  for (const project of selectAllProjects(state)) {
    if (project.id === activeProjectId) continue;
    commands.push({
      id: `project-${project.id}`,
      group: 'Switch project',
      label: project.description,
      // The project's URL makes it the active one (useProjectUrl).
      run: () => navigate(projectPath(project.id)),
    });
  }
  for (const team of selectAvailableTeams(state)) {
    if (team.id === state.team.active?.id) continue;
    commands.push({
      id: `team-${team.id}`,
      group: 'Switch team',
      label: team.teamName,
      run: () => {
        navigate('/');
        dispatch(userAndTeamApi.endpoints.putActiveTeam.initiate({ newActiveTeamIdentity: team.id }));
      },
    });
  }

  for (const theme of Themes) {
    commands.push({
      id: `theme-${theme}`,
      group: 'Theme',
      label: theme === 'system' ? 'Theme: as the system' : `Theme: ${theme}`,
      run: () =>
        dispatch(userAndTeamApi.endpoints.putAppSettings.initiate({ appSettings: { ...context?.appSettings, theme } })),
    });
  }
  commands.push({ id: 'help-shortcuts', group: 'Help', label: 'Keyboard shortcuts', keys: '?', run: showShortcuts });
  return commands;
}
