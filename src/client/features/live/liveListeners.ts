/**
 * Applies what the events stream says to the same slices the user's own changes go through: a change
 * that carries its items patches the board (remoteItemsChanged); any other is read again (behind this
 * browser's writes in flight, see boardRefreshed), with bursts coalesced into one read. The open item's
 * panel and hand-off history are refetched, and the core context (team, members, projects) is read
 * again. A comment change reads that item's comments again, and the mentions list of whoever it names.
 */
import type { AppDispatch } from '../../app/store';
import type { AppStartListening } from '../../app/listeners';
import { api } from '../../api/apiSlice';
import { userAndTeamApi } from '../../api/userAndTeam';
import { noticeShown } from '../board/boardSlice';
import { refreshBoard } from '../items/itemCommands';
import { remoteItemsChanged } from '../items/itemsSlice';
import { liveResyncNeeded, removedFromTeam, teamChangeReceived } from './liveActions';

/** Long enough to gather a burst (a bulk move sends one event per item), short enough to feel live. */
const COALESCE_MS = 150;

const readCoreContext = (dispatch: AppDispatch) =>
  dispatch(
    userAndTeamApi.endpoints.getCoreApplicationContext.initiate(undefined, { forceRefetch: true, subscribe: false }),
  );

export function registerLiveListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: teamChangeReceived,
    effect: async (action, listenerApi) => {
      const change = action.payload;
      const { items, coreContext } = listenerApi.getState();
      if (change.kind === 'comments') {
        // The item's comments are read again where shown; a mention of this user, in the mentions list.
        const mentioned = change.mentionedUserIds.includes(coreContext.context?.userContext.userId ?? '');
        listenerApi.dispatch(
          api.util.invalidateTags([
            { type: 'Comments', id: change.itemId },
            ...(mentioned ? ['Mentions' as const] : []),
          ]),
        );
        return;
      }
      if (change.kind === 'items') {
        if (change.itemIds.length > 0) {
          listenerApi.dispatch(
            api.util.invalidateTags(
              change.itemIds.flatMap((id) => [
                { type: 'Item' as const, id },
                { type: 'Handoffs' as const, id },
              ]),
            ),
          );
        }
        // The change carries the items: a complete board patches itself, no read.
        const { projectId } = items;
        if (change.items && projectId !== null && items.status === 'ready' && items.complete) {
          listenerApi.dispatch(remoteItemsChanged({ projectId, itemIds: change.itemIds, items: change.items }));
          return;
        }
        if (change.projectId !== null && change.projectId !== items.projectId) return;
      } else {
        readCoreContext(listenerApi.dispatch);
        if (change.kind !== 'projects' || (change.projectId !== null && change.projectId !== items.projectId)) return;
      }
      // One read for a burst: a later event restarts the wait.
      listenerApi.cancelActiveListeners();
      await listenerApi.delay(COALESCE_MS);
      await listenerApi.dispatch(refreshBoard());
    },
  });

  startListening({
    actionCreator: liveResyncNeeded,
    effect: async (_action, listenerApi) => {
      readCoreContext(listenerApi.dispatch);
      await listenerApi.dispatch(refreshBoard());
    },
  });

  startListening({
    actionCreator: removedFromTeam,
    effect: async (_action, listenerApi) => {
      const teamName = listenerApi.getState().team.active?.teamName ?? 'the team';
      listenerApi.dispatch(
        noticeShown('info', `You are no longer a member of ${teamName}, so Baton opened another team.`),
      );
      // The server lands the user in another team; the board follows the new active project.
      await readCoreContext(listenerApi.dispatch);
    },
  });
}
