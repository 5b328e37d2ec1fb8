/** Carries out the QA intents (intents.ts) the way the board's UI does, through the same thunks and queues. */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listeners';
import type { AppDispatch, RootState } from '../../app/store';
import { handoffApi } from '../../api/handoff';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Scope, WorkflowStatus } from '../../../shared/enums';
import { ItemKinds, type BoardItem, type ItemKind } from '../items/itemModel';
import { assignItem, createItem, moveItemBy, moveItemTo, moveItemToBucket } from '../items/itemCommands';
import {
  completionToggled,
  currentId,
  itemDeleteRequested,
  itemHandedOff,
  itemOf,
  itemUpdateRequested,
} from '../items/itemsSlice';
import { itemPanelClosed, itemPanelOpened } from '../board/boardSlice';
import { selectActiveProjectId } from '../projects/projectsSelectors';
import { saveProjectSettings } from '../projects/saveProjectSettings';
import { allItemsIn } from '../items/itemShards';
import {
  intentAssignItem,
  intentCompleteItem,
  intentCreateItem,
  intentDeleteItem,
  intentHandOff,
  intentMoveItem,
  intentOpenItem,
  intentRefused,
  intentRenameProject,
  intentUpdateItem,
  type ItemRef,
} from './intents';

/** The board's item named by key (any case) or id (a temporary id follows its create). */
export function findItem(state: RootState, ref: ItemRef): BoardItem | undefined {
  const items = state.items;
  const byId = itemOf(items, currentId(items, ref));
  if (byId) return byId;
  const wanted = ref.toUpperCase();
  return allItemsIn(items.shards).find((item) => item.externalId.toUpperCase() === wanted);
}

interface IntentApi {
  getState: () => RootState;
  dispatch: AppDispatch;
}

function refuse(api: IntentApi, action: UnknownAction, reason: string) {
  api.dispatch(intentRefused({ intent: action.type, reason }));
}

/** Runs `run` with the item the intent names, or refuses the intent when the board has no such item. */
function withItem(
  api: IntentApi,
  action: UnknownAction & { payload: { item: ItemRef } },
  run: (item: BoardItem) => void,
) {
  const item = typeof action.payload.item === 'string' ? findItem(api.getState(), action.payload.item) : undefined;
  if (!item) return refuse(api, action, `No item ${String(action.payload.item)} on the board.`);
  run(item);
}

const isItemKind = (value: unknown): value is ItemKind => ItemKinds.includes(value as ItemKind);

export function registerQaListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: intentCreateItem,
    effect: (action, api) => {
      const { itemType, description, bucket, index = 0, assignedToUserId } = action.payload;
      if (!isItemKind(itemType)) return refuse(api, action, `itemType must be one of ${ItemKinds.join(', ')}.`);
      if (typeof description !== 'string' || !description.trim()) return refuse(api, action, 'description is empty.');
      const created = api.dispatch(
        createItem({
          itemType,
          item: { description },
          bucket: bucket ?? { scope: Scope.InScope, assignedTimeframe: null },
          index,
          ...(assignedToUserId !== undefined ? { assignedToUserId } : {}),
        }),
      );
      if (!created) refuse(api, action, 'No board is loaded, or the project is full (see the quota error).');
    },
  });

  startListening({
    actionCreator: intentMoveItem,
    effect: (action, api) =>
      withItem(api, action, (item) => {
        const { to, index, by } = action.payload;
        const moved =
          by !== undefined
            ? api.dispatch(moveItemBy(item.id, by))
            : to && index === undefined
              ? api.dispatch(moveItemToBucket(item.id, to))
              : index !== undefined
                ? api.dispatch(moveItemTo(item.id, to ?? item.plan, index))
                : false;
        if (!moved) refuse(api, action, 'Nothing to move: give `to`, `index` or `by`, for a place the item is not in.');
      }),
  });

  startListening({
    actionCreator: intentCompleteItem,
    effect: (action, api) =>
      withItem(api, action, (item) => api.dispatch(completionToggled(item.id, action.payload.complete ?? true))),
  });

  startListening({
    actionCreator: intentAssignItem,
    effect: (action, api) =>
      withItem(api, action, (item) => {
        if (!api.dispatch(assignItem(item.id, action.payload.assignedToUserId))) {
          refuse(api, action, 'The item already has that assignee.');
        }
      }),
  });

  startListening({
    actionCreator: intentUpdateItem,
    effect: (action, api) =>
      withItem(api, action, (item) => {
        const projectId = api.getState().items.projectId;
        const fields = action.payload.fields;
        if (!projectId || !fields || Object.keys(fields).length === 0) return refuse(api, action, 'No fields to save.');
        api.dispatch(itemUpdateRequested(item.id, fields, projectId));
      }),
  });

  startListening({
    actionCreator: intentDeleteItem,
    effect: (action, api) =>
      withItem(api, action, (item) => {
        const projectId = api.getState().items.projectId;
        if (projectId) api.dispatch(itemDeleteRequested(item.id, projectId));
      }),
  });

  startListening({
    actionCreator: intentOpenItem,
    effect: (action, api) => {
      if (action.payload.item === null) return void api.dispatch(itemPanelClosed());
      withItem(api, action as typeof action & { payload: { item: ItemRef } }, (item) =>
        api.dispatch(itemPanelOpened(item.id)),
      );
    },
  });

  startListening({
    actionCreator: intentHandOff,
    effect: async (action, api) => {
      const { item: ref, automationKind = 0, agent = 'claude-code', ...rest } = action.payload;
      const item = findItem(api.getState(), ref);
      if (!item) return refuse(api, action, `No item ${ref} on the board.`);
      const send = api.dispatch(
        handoffApi.endpoints.sendToAgent.initiate({ itemId: item.id, automationKind, agent, ...rest }),
      );
      try {
        const handoff = await send.unwrap();
        api.dispatch(
          itemHandedOff(item.id, {
            ...(handoff.issueUrl ? { codingAgentUrl: handoff.issueUrl } : {}),
            workflowStatus: WorkflowStatus.SentToAgent,
          }),
        );
      } catch (error) {
        refuse(api, action, errorMessage(error));
      } finally {
        send.reset();
      }
    },
  });

  startListening({
    actionCreator: intentRenameProject,
    effect: async (action, api) => {
      const id = action.payload.project ?? selectActiveProjectId(api.getState());
      const project = id ? api.getState().projects.entities[id] : undefined;
      const name = typeof action.payload.name === 'string' ? action.payload.name.trim() : '';
      if (!project) return refuse(api, action, 'No such project.');
      if (!name) return refuse(api, action, 'The project needs a name.');
      // What the settings dialog does: only the name, to the version the project is at.
      if (name !== project.description) await api.dispatch(saveProjectSettings(project, { description: name }));
    },
  });
}
