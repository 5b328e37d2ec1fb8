import type { Middleware } from '@reduxjs/toolkit';

/** How many action types a support snapshot carries: enough to see what led to the state. */
export const RECENT_ACTION_COUNT = 50;

/** One ring of types per store (tests build many), keyed by the store's getState as the middleware sees it. */
const rings = new WeakMap<object, { types: string[]; next: number }>();

/** Remembers the type of every plain action the store takes — never its payload, which may hold user data. */
export const recentActionsMiddleware: Middleware = (api) => (next) => (action) => {
  const type = (action as { type?: unknown } | null)?.type;
  if (typeof type === 'string') {
    let ring = rings.get(api.getState);
    if (!ring) {
      ring = { types: [], next: 0 };
      rings.set(api.getState, ring);
    }
    ring.types[ring.next] = type;
    ring.next = (ring.next + 1) % RECENT_ACTION_COUNT;
  }
  return next(action);
};

/** The last action types of a store, oldest first: pass `store.getState`. */
export function recentActionTypes(getState: object): string[] {
  const ring = rings.get(getState);
  if (!ring) return [];
  return [...ring.types.slice(ring.next), ...ring.types.slice(0, ring.next)];
}
