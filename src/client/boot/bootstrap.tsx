import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { siteKindFor, type SiteKind } from '../../shared/siteKind';
import { CentredSpinner } from '../ui/Spinner/Spinner';
import { LoadFailure } from './LoadFailure';
import { readSiteConfig } from './readSiteConfig';
import type { SiteImporters } from './siteImporters';

export const rootNotFoundMessage = 'Root element not found';

export interface BootResult {
  kind: SiteKind;
  root: Root;
  loaded: boolean;
}

type PageLocation = Pick<Location, 'hostname' | 'pathname'>;

/** Picks the site kind, shows a spinner while its route set loads, then renders it or the failure. */
export async function bootstrap(
  document: Document,
  location: PageLocation,
  importers: SiteImporters,
): Promise<BootResult> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error(rootNotFoundMessage);

  const config = readSiteConfig(document);
  const kind = siteKindFor(location.hostname, location.pathname, config);
  const root = createRoot(rootElement);
  root.render(<CentredSpinner label="Loading Baton…" />);

  try {
    const { default: Site } = await importers[kind]();
    root.render(
      <StrictMode>
        <Site config={config} />
      </StrictMode>,
    );
    return { kind, root, loaded: true };
  } catch (error) {
    console.error('Loading the route set failed', error);
    root.render(<LoadFailure error={error} />);
    return { kind, root, loaded: false };
  }
}
