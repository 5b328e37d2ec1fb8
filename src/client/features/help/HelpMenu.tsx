import * as Menu from '@radix-ui/react-dropdown-menu';
import { docSlugs, docTitles } from '../../sites/main-content/docs/docSlugs';
import { docsHref } from './docsLinks';
import { HelpIcon } from './HelpMenuButton';
import { buttonClassName } from '../../ui';
import menu from '../board/CardMenu.module.css';
import styles from './HelpMenu.module.css';

export interface HelpMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  labelClassName?: string;
}

/** The top bar's Help menu, loaded on first use: Baton's user docs, each a page on the content site (a new tab). */
export default function HelpMenu({ open, onOpenChange, labelClassName }: HelpMenuProps) {
  return (
    <Menu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Menu.Trigger className={buttonClassName({ variant: 'ghost' })} aria-label="Help">
        <HelpIcon />
        <span className={labelClassName}>Help</span>
      </Menu.Trigger>
      {/* Not portalled: the menu stays inside the top bar's landmark (axe "region"). */}
      <Menu.Content className={menu.content} align="end" sideOffset={4} collisionPadding={8}>
        <Menu.Label className={styles.label}>Baton’s docs (open in a new tab)</Menu.Label>
        {docSlugs.map((slug) => (
          <Menu.Item key={slug} asChild className={`${menu.item} ${styles.item}`}>
            <a href={docsHref(slug)} target="_blank" rel="noreferrer">
              {docTitles[slug].title}
            </a>
          </Menu.Item>
        ))}
        <Menu.Separator className={menu.separator} />
        <Menu.Item asChild className={`${menu.item} ${styles.item}`}>
          <a href={docsHref()} target="_blank" rel="noreferrer">
            All docs
          </a>
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}
