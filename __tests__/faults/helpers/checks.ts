import type { WriteLoad } from './writeLoad';

/** Acknowledged ids missing from `stored`, and bulk creates stored in part (or, when acknowledged, not in full). */
export function lostOrHalfWritten(load: WriteLoad, stored: { id: string; description: string }[]) {
  const ids = new Set(stored.map((item) => item.id));
  const missing = load.acknowledged.filter((id) => !ids.has(id));
  const halfWritten: string[] = [];
  for (const [marker, acknowledged] of load.bulks) {
    const parts = stored.filter((item) => item.description.startsWith(`${marker}-`)).length;
    if (parts !== 0 && parts !== 3) halfWritten.push(`${marker}: ${parts} of 3`);
    if (acknowledged && parts !== 3) halfWritten.push(`${marker}: acknowledged, ${parts} of 3 stored`);
  }
  return { missing, halfWritten };
}
