import { useEffect } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';

/** Applies a theme choice to <html data-theme>; 'system' removes it so prefers-color-scheme decides. */
export function applyDocumentTheme(theme: ThemeChoice, root: HTMLElement = document.documentElement) {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

export function useDocumentTheme(theme: ThemeChoice | undefined) {
  useEffect(() => {
    applyDocumentTheme(theme ?? 'system');
  }, [theme]);
}
