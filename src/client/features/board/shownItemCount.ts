import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectBucketIdMap, selectItemShards } from '../items/itemsSelectors';
import { itemIn } from '../items/itemShards';
import type { ItemFilter } from './itemFilter';

/** How many items the board shows: those in the columns the scope and timeframe filters leave, that the item filter keeps. */
export function useShownItemCount(columnKeys: ReadonlySet<string>, filter: ItemFilter): number {
  const bucketIds = useAppSelector(selectBucketIdMap);
  const shards = useAppSelector((state) => (filter ? selectItemShards(state) : null));
  return useMemo(() => {
    let count = 0;
    for (const [key, ids] of Object.entries(bucketIds)) {
      if (!columnKeys.has(key)) continue;
      count +=
        filter && shards
          ? ids.filter((id) => {
              const item = itemIn(shards, id);
              return item !== undefined && filter(item);
            }).length
          : ids.length;
    }
    return count;
  }, [bucketIds, columnKeys, filter, shards]);
}
