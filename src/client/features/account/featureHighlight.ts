import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SettingsFeatures, type SettingsFeature } from '../../../shared/quota';

export const featureElementId = (feature: SettingsFeature) => `feature-${feature}`;

function isSettingsFeature(value: string | null): value is SettingsFeature {
  return value !== null && (SettingsFeatures as readonly string[]).includes(value);
}

/**
 * The feature the page was opened for (`?feature=…`, spec §2): once its section is on the page
 * (`ready`), it is scrolled into view and focused, so keyboard and screen-reader users land there too.
 */
export function useHighlightedFeature(ready: boolean): SettingsFeature | null {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('feature');
  const feature = isSettingsFeature(requested) ? requested : null;
  // Scrolled once per feature asked for, not again on every re-render or refetch.
  const scrolledTo = useRef<SettingsFeature | null>(null);

  useEffect(() => {
    if (!ready || !feature || scrolledTo.current === feature) return;
    const element = document.getElementById(featureElementId(feature));
    if (!element) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
    scrolledTo.current = feature;
  }, [ready, feature]);

  return feature;
}
