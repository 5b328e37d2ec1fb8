import { NavLink } from 'react-router-dom';
import { useListMentionsQuery } from '../../api/comments';
import { buttonClassName } from '../../ui';
import { useAfterBoardHead } from '../board/useAfterBoardHead';
import styles from './Mentions.module.css';

/** The header's way to what mentions you, with how many you have not read (kept live by the events stream). */
export function MentionsLink({ labelClassName }: { labelClassName?: string }) {
  const afterBoardHead = useAfterBoardHead();
  const unread = useListMentionsQuery(undefined, { skip: !afterBoardHead }).data?.unread ?? 0;
  return (
    <NavLink
      className={buttonClassName({ variant: 'ghost' })}
      to="/mentions"
      aria-label={unread > 0 ? `Mentions, ${unread} unread` : 'Mentions'}
    >
      <span aria-hidden="true" className={styles.at}>
        @
      </span>
      <span className={labelClassName} aria-hidden="true">
        Mentions
      </span>
      {unread > 0 && (
        <span className={styles.count} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
