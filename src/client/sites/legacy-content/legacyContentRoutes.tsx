import type { RouteObject } from 'react-router-dom';
import type { SiteConfig } from '../../../shared/siteKind';
import { RouteErrorScreen } from '../shared/RouteErrorScreen';
import { MovedPage } from './MovedPage';

/** Every path of the old site shows the same notice. */
export function legacyContentRoutes(config: SiteConfig): RouteObject[] {
  return [
    {
      path: '*',
      element: <MovedPage legacyContentUrl={config.legacyContentUrl} />,
      errorElement: <RouteErrorScreen />,
    },
  ];
}
