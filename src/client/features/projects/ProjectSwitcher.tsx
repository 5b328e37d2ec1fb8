import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { projectPath } from '../board/useBoardUrl';
import { projectStatusLabel, selectActiveProjectId, selectActiveProject } from './projectsSelectors';
import styles from './ProjectSwitcher.module.css';

const ProjectMenu = lazy(() => import(/* webpackChunkName: "menus" */ './ProjectMenu'));
const NewProjectDialog = lazy(() => import(/* webpackChunkName: "project-dialogs" */ './NewProjectDialog'));
const ProjectSettingsDialog = lazy(() => import(/* webpackChunkName: "project-dialogs" */ './ProjectSettingsDialog'));

type OpenDialog = 'new' | 'settings' | null;

/** The board's title: the active project, a menu to switch to another, create one, or change its settings. */
export function ProjectSwitcher() {
  const navigate = useNavigate();
  const project = useAppSelector(selectActiveProject);
  const activeId = useAppSelector(selectActiveProjectId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  if (menuOpen && !menuUsed) setMenuUsed(true);

  // The project's URL makes it the active one (useProjectUrl), so Back returns to the one before.
  const switchTo = (projectId: string) => {
    if (projectId !== activeId) navigate(projectPath(projectId));
  };
  const triggerLabel = `Project: ${project?.description ?? 'none'}. Open the project menu`;
  const triggerContent = (
    <>
      <span className={styles.name}>{project?.description ?? 'No project'}</span>
      {project && project.status !== 0 && <span className={styles.status}>{projectStatusLabel[project.status]}</span>}
      <svg className={styles.chevron} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    </>
  );
  // A plain button until the menu is first opened: the board's first load carries no menu code.
  const trigger = (
    <button
      type="button"
      ref={triggerRef}
      className={styles.trigger}
      aria-label={triggerLabel}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setMenuOpen(true)}
    >
      {triggerContent}
    </button>
  );
  const returnFocus = (event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  };

  return (
    <div className={styles.switcher}>
      {menuUsed || menuOpen ? (
        <Suspense fallback={trigger}>
          <ProjectMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            triggerRef={triggerRef}
            triggerContent={triggerContent}
            triggerLabel={triggerLabel}
            onSwitch={switchTo}
            onNewProject={() => setDialog('new')}
            onSettings={() => setDialog('settings')}
          />
        </Suspense>
      ) : (
        trigger
      )}
      {project && (
        <button
          type="button"
          className={styles.settingsButton}
          aria-label="Project settings"
          title="Project settings"
          onClick={() => setDialog('settings')}
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
            <circle cx="5" cy="4" r="1.6" fill="var(--color-surface)" stroke="currentColor" strokeWidth="1.4" />
            <circle cx="11" cy="8" r="1.6" fill="var(--color-surface)" stroke="currentColor" strokeWidth="1.4" />
            <circle cx="7" cy="12" r="1.6" fill="var(--color-surface)" stroke="currentColor" strokeWidth="1.4" />
          </svg>
        </button>
      )}
      <Suspense fallback={null}>
        {dialog === 'new' && <NewProjectDialog onClose={() => setDialog(null)} onCloseAutoFocus={returnFocus} />}
        {dialog === 'settings' && project && (
          <ProjectSettingsDialog project={project} onClose={() => setDialog(null)} onCloseAutoFocus={returnFocus} />
        )}
      </Suspense>
    </div>
  );
}
