import type { RouteObject } from 'react-router-dom';
import type { SiteConfig } from '../../../shared/siteKind';
import { RouteErrorScreen } from '../shared/RouteErrorScreen';
import { LandingPage } from './LandingPage';

/** The landing page answers at the content base path, and at '/' on a content host. */
export function mainContentRoutes(config: SiteConfig): RouteObject[] {
  return [
    {
      path: '/',
      errorElement: <RouteErrorScreen homePath={config.contentBasePath} />,
      children: [
        { index: true, element: <LandingPage /> },
        { path: config.contentBasePath, element: <LandingPage /> },
      ],
    },
  ];
}
