import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useBulkCreateProjectItemsMutation } from '../../api/items';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { loadBoard } from '../items/itemCommands';
import { undoRecorded } from '../undo/undoSlice';
import { itemCount } from '../bulk/itemCount';
import type { PlanBucket } from '../../../shared/timeframes';
import type { PreviewItem } from './ItemsPreview';

/**
 * Adds drafted items to a project's bucket in one bulk-create, then reloads the board so they show.
 * Blank items are left out; each gets `goals` when given. Answers the ids of the items added, or throws
 * the server's message. "Added N items" can be undone: each is deleted again, as one bulk action.
 */
export function useAddItems() {
  const dispatch = useAppDispatch();
  const [bulkCreate, state] = useBulkCreateProjectItemsMutation();
  const add = useCallback(
    async (projectId: string, items: readonly PreviewItem[], bucket: PlanBucket, goals: readonly string[] = []) => {
      const kept = items.filter((item) => item.description.trim());
      if (kept.length === 0) return [];
      let created: string[];
      try {
        const answer = await bulkCreate({
          projectId,
          items: kept.map((item) => ({
            itemType: item.itemType,
            item: { description: item.description, ...(goals.length > 0 ? { goals: [...goals] } : {}) },
            project: { scope: bucket.scope, assignedTimeframe: bucket.assignedTimeframe },
          })),
        }).unwrap();
        created = answer.items.map((item) => item.id);
      } catch (error) {
        throw new Error(errorMessage(error));
      }
      await dispatch(loadBoard(projectId));
      if (created.length > 0) {
        dispatch(
          undoRecorded({
            message: `Added ${itemCount(created.length)}.`,
            undo: { kind: 'bulk', parts: created.map((itemId) => ({ kind: 'create', projectId, itemId })) },
          }),
        );
      }
      return created;
    },
    [bulkCreate, dispatch],
  );
  return { add, isAdding: state.isLoading };
}
