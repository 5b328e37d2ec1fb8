import type { ReactNode, RefObject } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useAppSelector } from '../../app/hooks';
import { projectStatusLabel, selectActiveProjectId, selectAllProjects, selectActiveProject } from './projectsSelectors';
import styles from './ProjectSwitcher.module.css';

interface ProjectMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  triggerContent: ReactNode;
  triggerLabel: string;
  onSwitch: (projectId: string) => void;
  onNewProject: () => void;
  onSettings: () => void;
}

/** The project menu (loaded on first use): the team's projects, a new one, this one's settings. */
export default function ProjectMenu(props: ProjectMenuProps) {
  const { open, onOpenChange, triggerRef, triggerContent, triggerLabel, onSwitch, onNewProject, onSettings } = props;
  const project = useAppSelector(selectActiveProject);
  const activeId = useAppSelector(selectActiveProjectId);
  const projects = useAppSelector(selectAllProjects);
  const sorted = [...projects].sort((a, b) => a.status - b.status || a.description.localeCompare(b.description));
  return (
    <Menu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Menu.Trigger ref={triggerRef} className={styles.trigger} aria-label={triggerLabel}>
        {triggerContent}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={styles.menu} align="start" sideOffset={6} collisionPadding={8}>
          <Menu.Label className={styles.label}>Projects</Menu.Label>
          <Menu.RadioGroup value={activeId ?? ''} onValueChange={onSwitch}>
            {sorted.map((known) => (
              <Menu.RadioItem key={known.id} value={known.id} className={styles.item}>
                <span className={styles.itemText}>{known.description}</span>
                {known.status !== 0 && <span className={styles.itemStatus}>{projectStatusLabel[known.status]}</span>}
                <Menu.ItemIndicator className={styles.indicator}>✓</Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          <Menu.Separator className={styles.separator} />
          <Menu.Item className={styles.item} onSelect={onNewProject}>
            New project…
          </Menu.Item>
          {project && (
            <Menu.Item className={styles.item} onSelect={onSettings}>
              Project settings…
            </Menu.Item>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
