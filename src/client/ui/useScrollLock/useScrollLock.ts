import { useEffect } from 'react';

/**
 * Locks the page behind a modal while it is open: an attribute on <html> that base.css turns into
 * `overflow: hidden`. (Radix's own scroll lock injects a <style> tag, which the page's CSP refuses.)
 */
export function useScrollLock() {
  useEffect(() => {
    const root = document.documentElement;
    const depth = Number(root.dataset.scrollLocked ?? 0) + 1;
    root.dataset.scrollLocked = String(depth);
    return () => {
      const left = Number(root.dataset.scrollLocked ?? 1) - 1;
      if (left > 0) root.dataset.scrollLocked = String(left);
      else delete root.dataset.scrollLocked;
    };
  }, []);
}
