import { useEffect, useRef } from 'react';

/**
 * Typed answers not yet submitted are not lost: leaving the page in the app saves them to the draft
 * (`saveNow`, on unmount), and closing or reloading the tab asks first (the browser's own prompt).
 */
export function useSaveOnLeave(unsaved: boolean, saveNow: () => void) {
  const latest = useRef({ unsaved, saveNow });
  latest.current = { unsaved, saveNow };
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only with a returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  useEffect(
    () => () => {
      if (latest.current.unsaved) latest.current.saveNow();
    },
    [],
  );
}

/** Answers by question id, as the flows keep them while typing, from the stored list. */
export const answersById = (answers: readonly { questionId?: string | null; question: string; answer: string }[]) =>
  Object.fromEntries(answers.map((a) => [a.questionId ?? a.question, a.answer]));

/** Whether two answer maps differ in any non-empty answer. */
export function answersDiffer(typed: Record<string, string>, stored: Record<string, string>) {
  const keys = new Set([...Object.keys(typed), ...Object.keys(stored)]);
  return [...keys].some((key) => (typed[key] ?? '') !== (stored[key] ?? ''));
}
