import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectBucketIdMap, selectItemEntities } from '../items/itemsSelectors';
import type { ItemFilter } from './itemFilter';

/** How many items the board shows: those in the columns the scope and timeframe filters leave, that the item filter keeps. */
export function useShownItemCount(columnKeys: ReadonlySet<string>, filter: ItemFilter): number {
  const bucketIds = useAppSelector(selectBucketIdMap);
  const entities = useAppSelector((state) => (filter ? selectItemEntities(state) : null));
  return useMemo(() => {
    let count = 0;
    for (const [key, ids] of Object.entries(bucketIds)) {
      if (!columnKeys.has(key)) continue;
      count += filter && entities ? ids.filter((id) => entities[id] && filter(entities[id])).length : ids.length;
    }
    return count;
  }, [bucketIds, columnKeys, filter, entities]);
}
