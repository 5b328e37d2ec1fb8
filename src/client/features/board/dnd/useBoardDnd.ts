/** dnd-kit wiring for the board: sensors, collision detection, drop handling and spoken announcements. */
import { useMemo, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import {
  closestCenter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardSensorOptions,
  type PointerSensorOptions,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { AppDispatch, RootState } from '../../../app/store';
import { BUCKET_LOADING_MESSAGE, moveItemTo } from '../../items/itemCommands';
import { bucketOf, titleOf } from '../../items/itemModel';
import { bucketLoaded, itemOf } from '../../items/itemsSlice';
import { bucketKey } from '../../../../shared/timeframes';
import { bucketName } from '../boardColumns';
import type { BoardLayout } from '../boardLayout';
import type { BoardNavigation } from '../boardNavigation';
import { dropPlace, type DropOver } from '../dropTarget';
import { markDrop } from '../boardPerf';

type AppStore = { getState: () => RootState; dispatch: AppDispatch };

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To pick up the item, press Space. While it is picked up, the arrow keys move it within its bucket and to other ' +
    'buckets; Space drops it and Escape cancels. Alt with an arrow key moves it at once; M opens its Move to menu; ' +
    'Enter opens it; X marks it complete.',
};

/**
 * Cards win over the buckets that hold them; the pointer decides when there is one. A keyboard drag has
 * none: the middle of the dragged card stands in for it, so a card moved onto an empty column is over
 * that column (the nearest centre would be a card elsewhere: a tall column's centre is far below).
 */
const collisionDetection: CollisionDetection = (args) => {
  const { collisionRect } = args;
  const pointer = args.pointerCoordinates ?? {
    x: collisionRect.left + collisionRect.width / 2,
    y: collisionRect.top + collisionRect.height / 2,
  };
  const within = pointerWithin({ ...args, pointerCoordinates: pointer });
  if (!args.pointerCoordinates && within.length === 0) return closestCenter(args);
  const hits = within.length > 0 ? within : rectIntersection(args);
  const cardIds = new Set(
    hits.filter((hit) => hit.data?.droppableContainer?.data.current?.type === 'item').map((hit) => hit.id),
  );
  if (cardIds.size === 0) return hits;
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((container) => cardIds.has(container.id)),
  });
};

function describePlace(state: RootState, layout: BoardLayout | null, id: string) {
  const item = itemOf(state.items, id);
  if (!item) return { name: 'The item', where: '' };
  const key = bucketKey(bucketOf(item));
  const list = state.items.bucketIds[key] ?? [];
  const bucket = layout ? bucketName(bucketOf(item), layout.milestones) : key;
  return {
    name: item.externalId || titleOf(item.description),
    title: titleOf(item.description),
    where: `${bucket}, position ${list.indexOf(id) + 1} of ${list.length}`,
  };
}

function overDescription(
  state: RootState,
  layout: BoardLayout | null,
  over: { id: string | number; data: { current?: Record<string, unknown> } } | null,
) {
  if (!over) return null;
  const data = over.data.current ?? {};
  const key = String(data.bucketKey ?? '');
  const column = layout?.columnByKey.get(key);
  const bucket = column && layout ? bucketName(column.bucket, layout.milestones) : key;
  if (data.type === 'bucket') return bucket;
  const list = state.items.bucketIds[key] ?? [];
  const overItem = itemOf(state.items, String(over.id));
  return `${overItem?.externalId || 'an item'} in ${bucket}, position ${list.indexOf(String(over.id)) + 1} of ${list.length}`;
}

/**
 * Sensor options are constants: dnd-kit makes a card's listeners from them, so options made afresh on
 * each render of the provider (it renders at every pick-up and drop) gave every mounted card new
 * listeners, and so a re-render and a DOM update, at every pick-up and drop.
 */
const pointerSensorOptions: PointerSensorOptions = { activationConstraint: { distance: 5 } };
const keyboardSensorOptions: KeyboardSensorOptions = {
  coordinateGetter: sortableKeyboardCoordinates,
  keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
};

export function useBoardDnd(navigation: BoardNavigation) {
  const store = useStore() as unknown as AppStore;
  const [activeId, setActiveId] = useState<string | null>(null);
  // The item whose drop was just refused (its column still loading): dnd-kit announces after the handler.
  const refusedDrop = useRef<string | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, pointerSensorOptions),
    useSensor(KeyboardSensor, keyboardSensorOptions),
  );

  const announcements = useMemo<Announcements>(() => {
    // The first "over" after a pick-up is the card itself: saying so would cut off the pick-up message.
    let justPickedUp = false;
    return {
      onDragStart: ({ active }) => {
        justPickedUp = true;
        const { name, title, where } = describePlace(store.getState(), navigation.layout, String(active.id));
        return `Picked up ${name}${title && title !== name ? `, ${title}` : ''}. It is in ${where}.`;
      },
      onDragOver: ({ active, over }) => {
        const first = justPickedUp;
        justPickedUp = false;
        if (first && over?.id === active.id) return undefined;
        const { name } = describePlace(store.getState(), navigation.layout, String(active.id));
        const target = overDescription(store.getState(), navigation.layout, over);
        return target ? `${name} is over ${target}.` : `${name} is no longer over a bucket.`;
      },
      onDragEnd: ({ active, over }) => {
        const { name, where } = describePlace(store.getState(), navigation.layout, String(active.id));
        if (refusedDrop.current === String(active.id)) {
          refusedDrop.current = null;
          return `${name} was not moved. ${BUCKET_LOADING_MESSAGE} It stays in ${where}.`;
        }
        return over ? `${name} was dropped. It is now in ${where}.` : `${name} was dropped where it was, in ${where}.`;
      },
      onDragCancel: ({ active }) => {
        const { name, where } = describePlace(store.getState(), navigation.layout, String(active.id));
        return `Moving ${name} was cancelled. It stays in ${where}.`;
      },
    };
  }, [store, navigation]);

  const handlers = useMemo(
    () => ({
      onDragStart: (event: DragStartEvent) => setActiveId(String(event.active.id)),
      onDragCancel: () => setActiveId(null),
      onDragEnd: ({ active, over }: DragEndEvent) => {
        setActiveId(null);
        const id = String(active.id);
        const fromKey = String(active.data.current?.bucketKey ?? '');
        const data = over?.data.current;
        if (!over || !data) return;
        let target: DropOver;
        if (data.type === 'item') {
          const dragged = active.rect.current.translated;
          const below = dragged ? dragged.top + dragged.height / 2 > over.rect.top + over.rect.height / 2 : false;
          target = { type: 'item', id: String(over.id), bucketKey: String(data.bucketKey), below };
        } else {
          target = { type: 'bucket', bucketKey: String(data.bucketKey) };
        }
        const place = dropPlace(store.getState().items.bucketIds, id, fromKey, target);
        if (!place) return;
        if (!bucketLoaded(store.getState().items, bucketKey(place.to))) refusedDrop.current = id;
        markDrop();
        store.dispatch(moveItemTo(id, place.to, place.index));
        navigation.focusMoved(id);
      },
    }),
    [store, navigation],
  );

  const accessibility = useMemo(() => ({ announcements, screenReaderInstructions }), [announcements]);

  return { activeId, sensors, collisionDetection, accessibility, ...handlers };
}
