/**
 * Drag and drop for the board (dnd-kit), loaded just after the board's first render so its code is
 * not part of the route's initial JavaScript. Until it arrives the board works without dragging:
 * keyboard moves, "Move to…", everything else.
 */
import { memo, useMemo, useRef, type ReactNode } from 'react';
import {
  DndContext,
  DragOverlay,
  MeasuringStrategy,
  useDndContext,
  useDroppable,
  type MeasuringConfiguration,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { BoardColumn } from '../boardColumns';
import type { BoardNavigation } from '../boardNavigation';
import { BucketColumnView, useVisibleIds, type ColumnDnd } from '../BucketColumn';
import { CardOverlay, ItemCardView } from '../ItemCard';
import { useBoardDnd } from './useBoardDnd';

/** A constant, so dnd-kit's measuring configuration is not rebuilt on every render of the provider. */
const measuring: MeasuringConfiguration = { droppable: { strategy: MeasuringStrategy.WhileDragging } };

export function BoardDndProvider({ navigation, children }: { navigation: BoardNavigation; children: ReactNode }) {
  const dnd = useBoardDnd(navigation);
  return (
    <DndContext
      sensors={dnd.sensors}
      collisionDetection={dnd.collisionDetection}
      accessibility={dnd.accessibility}
      measuring={measuring}
      onDragStart={dnd.onDragStart}
      onDragEnd={dnd.onDragEnd}
      onDragCancel={dnd.onDragCancel}
    >
      {children}
      <DragOverlay dropAnimation={null}>{dnd.activeId ? <CardOverlay id={dnd.activeId} /> : null}</DragOverlay>
    </DndContext>
  );
}

/**
 * Only the cards dnd-kit actually moves get its `transform` and `transition`. It gives a transition
 * to every sortable card at each pick-up and drop, and a zero translate3d to the cards of the drag's
 * column that stay put (each then its own compositing layer): every mounted card on the board was
 * re-rendered, restyled and repainted at the pick-up and again at the drop, for nothing.
 */
const SortableItemCard = memo(function SortableItemCard({ id, bucketKey }: { id: string; bucketKey: string }) {
  const sortable = useSortable({ id, data: { type: 'item', bucketKey } });
  const offset = sortable.transform;
  const transform = offset && (offset.x || offset.y) ? CSS.Translate.toString(offset) : undefined;
  // A transition applies when it is set with (or before) the transform it animates. A card keeps
  // dnd-kit's from its first move until dnd-kit stops giving one, so the slide back after a cancel or
  // into place after a drop plays out; a card never moved never gets one.
  const moved = useRef(false);
  if (transform) moved.current = true;
  else if (!sortable.transition) moved.current = false;
  const transition = moved.current ? sortable.transition : undefined;
  // A card dragged in from another bucket would land here: a line marks the place.
  const landing = sortable.isOver && !!sortable.active && sortable.active.data.current?.bucketKey !== bucketKey;
  return (
    <ItemCardView
      id={id}
      bucketKey={bucketKey}
      sortable={{
        setNodeRef: sortable.setNodeRef,
        setActivatorNodeRef: sortable.setActivatorNodeRef,
        attributes: sortable.attributes,
        listeners: sortable.listeners as never,
        transform,
        transition,
        isDragging: sortable.isDragging,
        landing,
      }}
    />
  );
});

export const SortableBucketColumn = memo(function SortableBucketColumn({ column }: { column: BoardColumn }) {
  const ids = useVisibleIds(column.key);
  const { active, over } = useDndContext();
  const { setNodeRef, isOver } = useDroppable({
    id: `bucket:${column.key}`,
    data: { type: 'bucket', bucketKey: column.key },
  });
  // Only the columns a drag touches get new props from it, so only they redraw (BucketColumnView is memoised).
  const source = !!active && active.data.current?.bucketKey === column.key;
  const target = !!over && over.data.current?.bucketKey === column.key;
  const activeId = source ? String(active.id) : null;
  // A card from another bucket is over this one or one of its cards: show where it would land.
  const highlighted = isOver || (target && !source);
  const dnd = useMemo<ColumnDnd>(
    () => ({
      setDroppableRef: setNodeRef,
      highlighted,
      activeId,
      Card: SortableItemCard,
      wrapList: (visible, list) => (
        <SortableContext id={column.key} items={visible as string[]} strategy={verticalListSortingStrategy}>
          {list}
        </SortableContext>
      ),
    }),
    [setNodeRef, highlighted, activeId, column.key],
  );
  return <BucketColumnView column={column} ids={ids} dnd={dnd} />;
});
