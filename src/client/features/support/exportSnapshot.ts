import type { RootState } from '../../app/store';
import { currentBuild } from './buildInfo';
import { recentActionTypes } from './recentActions';
import { buildSnapshot, snapshotFileName, type SupportSnapshot } from './snapshot';

interface StoreLike {
  getState: () => RootState;
}

/** The snapshot of a store as it is now, on the given page (path and query string). */
export function snapshotOfStore(
  store: StoreLike,
  options: { includeContent: boolean; route: string },
): SupportSnapshot {
  return buildSnapshot(store.getState(), {
    ...options,
    build: currentBuild(),
    recentActions: recentActionTypes(store.getState),
  });
}

/** Hands the snapshot to the browser as a JSON download. */
export function downloadSnapshot(snapshot: SupportSnapshot, doc: Document = document) {
  const blob = new Blob([JSON.stringify(snapshot, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = snapshotFileName(snapshot);
  doc.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed past this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
