import { useEffect, useState } from 'react';
import type { BoardNavigation } from './boardNavigation';
import styles from './Board.module.css';

/** A polite live region for what keyboard shortcuts did (dnd-kit announces drags itself). */
export function Announcer({ navigation }: { navigation: BoardNavigation }) {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    navigation.announce = (text: string) => {
      // Cleared first, so the same words said twice are spoken twice.
      setMessage('');
      clearTimeout(timer);
      timer = setTimeout(() => setMessage(text), 30);
    };
    return () => {
      clearTimeout(timer);
      navigation.announce = () => undefined;
    };
  }, [navigation]);
  return (
    <div className={styles.visuallyHidden} role="status" aria-live="polite" data-testid="board-announcer">
      {message}
    </div>
  );
}
