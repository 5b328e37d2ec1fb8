import { useCallback, useEffect, useRef } from 'react';

/**
 * For "Add …" buttons that append an empty row: once the row is there, focus moves to its first
 * field (marked `data-row-input`), so typing goes into it rather than pressing the button again.
 */
export function useFocusNewRow<T extends HTMLElement>(rowCount: number) {
  const containerRef = useRef<T>(null);
  const wanted = useRef(false);
  useEffect(() => {
    if (!wanted.current) return;
    wanted.current = false;
    const fields = containerRef.current?.querySelectorAll<HTMLElement>('[data-row-input]');
    fields?.[fields.length - 1]?.focus();
  }, [rowCount]);
  const focusNewRow = useCallback(() => {
    wanted.current = true;
  }, []);
  return { containerRef, focusNewRow };
}
