import { skipToken } from '@reduxjs/toolkit/query';
import { useGetProjectItemQuery } from '../../api/items';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { useAppSelector } from '../../app/hooks';
import { selectActiveProject } from '../projects/projectsSelectors';
import { displayTitle } from '../../../shared/displayTitle';
import type { PlanBucket } from '../../../shared/timeframes';

/**
 * The item a per-item flow (split, add next to it) works on, read whole from the server, with the
 * bucket it sits in on the active project's plan (null when it is not on that project).
 */
export function useNamedItem(itemId: string | undefined) {
  const project = useAppSelector(selectActiveProject);
  const query = useGetProjectItemQuery(itemId ?? skipToken, { refetchOnMountOrArgChange: true });
  const item = query.data;
  const placement = item?.projectContexts.find((context) => context.projectId === project?.id);
  const bucket: PlanBucket | null = placement
    ? { scope: placement.scope, assignedTimeframe: placement.assignedTimeframe }
    : null;
  return {
    project,
    item,
    title: item ? displayTitle(item.description) : '',
    bucket,
    isLoading: query.isLoading,
    loadError: query.error ? errorMessage(query.error) : null,
  };
}
