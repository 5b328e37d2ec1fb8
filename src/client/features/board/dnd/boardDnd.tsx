/**
 * Drag and drop for the board (dnd-kit), loaded just after the board's first render so its code is
 * not part of the route's initial JavaScript. Until it arrives the board works without dragging:
 * keyboard moves, "Move to…", everything else.
 */
import { memo, useMemo, type ReactNode } from 'react';
import { DndContext, DragOverlay, MeasuringStrategy, useDndContext, useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { BoardColumn } from '../boardColumns';
import type { BoardNavigation } from '../boardNavigation';
import { BucketColumnView, useVisibleIds, type ColumnDnd } from '../BucketColumn';
import { CardOverlay, ItemCardView } from '../ItemCard';
import { useBoardDnd } from './useBoardDnd';

export function BoardDndProvider({ navigation, children }: { navigation: BoardNavigation; children: ReactNode }) {
  const dnd = useBoardDnd(navigation);
  return (
    <DndContext
      sensors={dnd.sensors}
      collisionDetection={dnd.collisionDetection}
      accessibility={dnd.accessibility}
      measuring={{ droppable: { strategy: MeasuringStrategy.WhileDragging } }}
      onDragStart={dnd.onDragStart}
      onDragEnd={dnd.onDragEnd}
      onDragCancel={dnd.onDragCancel}
    >
      {children}
      <DragOverlay dropAnimation={null}>{dnd.activeId ? <CardOverlay id={dnd.activeId} /> : null}</DragOverlay>
    </DndContext>
  );
}

const SortableItemCard = memo(function SortableItemCard({ id, bucketKey }: { id: string; bucketKey: string }) {
  const sortable = useSortable({ id, data: { type: 'item', bucketKey } });
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
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
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
  const activeId = active ? String(active.id) : null;
  // A card from another bucket is over this one or one of its cards: show where it would land.
  const receiving =
    !!active && active.data.current?.bucketKey !== column.key && over?.data.current?.bucketKey === column.key;
  const highlighted = isOver || receiving;
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
