/**
 * The board's items split over 64 shards by a hash of their id. Immer copies a changed object whole, so
 * with one 10,000-key object every move copied (and finalised) 10,000 entries; with shards it copies the
 * one shard of ≈1/64 of the items and the 64-key object above it.
 */
import type { BoardItem } from './itemModel';

export type ItemShards = Record<string, Record<string, BoardItem>>;

const SHARD_BITS = 63;

/** Which shard holds an id: a 32-bit string hash (any id, temporary ones included). */
export function shardOf(id: string): string {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (Math.imul(hash, 31) + id.charCodeAt(i)) | 0;
  return String(hash & SHARD_BITS);
}

export function itemIn(shards: ItemShards, id: string): BoardItem | undefined {
  return shards[shardOf(id)]?.[id];
}

/** Shards for a whole board (a load or a refresh), built outside any draft. */
export function shardsOf(items: readonly BoardItem[]): ItemShards {
  const shards: ItemShards = {};
  for (const item of items) (shards[shardOf(item.id)] ??= {})[item.id] = item;
  return shards;
}

/** Every item, in no particular order. */
export function allItemsIn(shards: ItemShards): BoardItem[] {
  return Object.values(shards).flatMap((shard) => Object.values(shard));
}
