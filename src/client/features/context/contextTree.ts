/** What the context screens need of a context item to walk its parents. */
export interface ContextNode {
  id: string;
  title: string;
  parentContextItemId: string | null;
}

/** The chain from `id` up to its root, that item first; stops at a repeated id, so it always ends. */
export function chainOf<T extends ContextNode>(items: readonly T[], id: string | null): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const chain: T[] = [];
  const seen = new Set<string>();
  for (let current = id ? byId.get(id) : undefined; current && !seen.has(current.id);) {
    seen.add(current.id);
    chain.push(current);
    current = current.parentContextItemId ? byId.get(current.parentContextItemId) : undefined;
  }
  return chain;
}

/** The item and everything under it: what may not become its parent. */
export function selfAndDescendants(items: readonly ContextNode[], id: string): Set<string> {
  const result = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const item of items) {
      if (item.parentContextItemId && result.has(item.parentContextItemId) && !result.has(item.id)) {
        result.add(item.id);
        grew = true;
      }
    }
  }
  return result;
}
