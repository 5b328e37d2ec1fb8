/**
 * A board page's items field by field (contract BoardColumns) and back: the client reads a page into
 * BoardItem objects once, so everything past the answer sees the items as before.
 */
import type { BoardColumns, BoardItem } from './contract/items';
import type { Scope, Span } from './enums';

export function boardItemsOfColumns(columns: BoardColumns): BoardItem[] {
  const { teamId, projectId } = columns;
  return columns.id.map((id, i) => {
    const span = columns.span[i] ?? null;
    const index = columns.index[i] ?? null;
    return {
      id,
      linkId: columns.linkId[i]!,
      teamId,
      dateCreated: columns.dateCreated[i]!,
      itemType: columns.itemType[i]!,
      description: columns.description[i]!,
      externalId: columns.externalId[i]!,
      workflowStatus: columns.workflowStatus[i]!,
      parentContextItemId: columns.parentContextItemId[i] ?? null,
      startDate: columns.startDate[i] ?? null,
      completionDate: columns.completionDate[i] ?? null,
      projectContexts: [
        {
          projectId,
          sortKey: columns.sortKey[i]!,
          scope: columns.scope[i] as Scope,
          assignedToUserId: columns.assignedToUserId[i] ?? null,
          assignedTimeframe: span === null || index === null ? null : { span: span as Span, index },
        },
      ],
    };
  });
}

/** The items (of one team, each with its context in `projectId`) field by field. */
export function boardColumnsOf(items: readonly BoardItem[], teamId: string, projectId: string): BoardColumns {
  const placements = items.map((item) => item.projectContexts.find((context) => context.projectId === projectId)!);
  return {
    teamId,
    projectId,
    id: items.map((item) => item.id),
    linkId: items.map((item) => item.linkId),
    dateCreated: items.map((item) => item.dateCreated),
    itemType: items.map((item) => item.itemType),
    description: items.map((item) => item.description),
    externalId: items.map((item) => item.externalId),
    workflowStatus: items.map((item) => item.workflowStatus),
    parentContextItemId: items.map((item) => item.parentContextItemId),
    startDate: items.map((item) => item.startDate),
    completionDate: items.map((item) => item.completionDate),
    sortKey: placements.map((placement) => placement.sortKey),
    scope: placements.map((placement) => placement.scope),
    assignedToUserId: placements.map((placement) => placement.assignedToUserId),
    span: placements.map((placement) => placement.assignedTimeframe?.span ?? null),
    index: placements.map((placement) => placement.assignedTimeframe?.index ?? null),
  };
}
