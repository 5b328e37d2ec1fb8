import { useEffect, useState } from 'react';
import { Button } from '../Button/Button';

/** Copies text to the clipboard and says so for a moment ("Copied"), also to screen readers. */
export function CopyButton({ text, label = 'Copy link' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // No clipboard permission (or an insecure origin): the text stays selectable where it is shown.
      setState('failed');
    }
  }

  return (
    <Button onClick={() => void copy()} aria-live="polite">
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed — select the text' : label}
    </Button>
  );
}
