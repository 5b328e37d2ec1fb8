import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useBulkCreateProjectItemsMutation } from '../../api/items';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { loadBoard } from '../items/itemCommands';
import type { PlanBucket } from '../../../shared/timeframes';
import type { PreviewItem } from './ItemsPreview';

/**
 * Adds drafted items to a project's bucket in one bulk-create, then reloads the board so they show.
 * Blank items are left out; each gets `goals` when given. Answers the ids of the items added, or throws
 * the server's message.
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
      return created;
    },
    [bulkCreate, dispatch],
  );
  return { add, isAdding: state.isLoading };
}
