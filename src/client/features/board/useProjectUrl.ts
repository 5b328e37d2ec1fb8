import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSetActiveProjectMutation } from '../../api/projects';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { selectActiveProjectId, selectAllProjects } from '../projects/projectsSelectors';
import { noticeShown } from './boardSlice';
import { projectPath } from './useBoardUrl';

/**
 * Keeps the active project and the URL in step: `/projects/{id}` (a link, Back, Forward) makes that
 * project the active one; a switch made elsewhere (a new project, a deletion) while the URL names
 * another project replaces the URL. `/` shows the active project, whichever it is.
 */
export function useProjectUrl() {
  const { projectId: urlProjectId } = useParams();
  const activeId = useAppSelector(selectActiveProjectId);
  const projects = useAppSelector(selectAllProjects);
  const [setActiveProject] = useSetActiveProjectMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // The project the URL asked for and is being switched to.
  const requested = useRef<string | null>(null);

  // The URL → the active project, once per visit of the URL.
  useEffect(() => {
    if (!urlProjectId || urlProjectId === activeId) return;
    const stay = () =>
      navigate({ pathname: activeId ? projectPath(activeId) : '/', search: location.search }, { replace: true });
    if (!projects.some((project) => project.id === urlProjectId)) {
      dispatch(
        noticeShown('error', 'That project link leads nowhere: the project was deleted, or it is in another team.'),
      );
      stay();
      return;
    }
    requested.current = urlProjectId;
    setActiveProject({ newActiveProjectId: urlProjectId })
      .unwrap()
      .catch((error: unknown) => {
        dispatch(noticeShown('error', `Couldn’t open that project: ${errorMessage(error)}`));
        stay();
      })
      .finally(() => {
        requested.current = null;
      });
  }, [location.key]);

  // The active project → the URL (replaced: the visit that led here stays the history entry).
  useEffect(() => {
    if (!activeId || (urlProjectId && requested.current === urlProjectId)) return;
    if (urlProjectId && urlProjectId !== activeId) {
      navigate({ pathname: projectPath(activeId), search: location.search }, { replace: true });
    }
  }, [activeId]);
}
