import { useEffect, useState } from 'react';
import { useSearchTeamItemsQuery } from '../../api/items';
import type { ItemHit } from '../../../shared/contract/itemLookup';

const DEBOUNCE_MS = 150;

/** The team's items matching what is typed (any project), read from the server once typing pauses. */
export function useItemSearch(text: string): { hits: ItemHit[]; searching: boolean } {
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const answer = useSearchTeamItemsQuery(query, { skip: query.length === 0 });
  const current = query === text.trim();
  return {
    hits: query.length > 0 && answer.data ? answer.data.items : [],
    searching: text.trim().length > 0 && (!current || answer.isFetching),
  };
}
