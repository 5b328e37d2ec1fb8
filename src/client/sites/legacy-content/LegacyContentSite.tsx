import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { SiteConfig } from '../../../shared/siteKind';
import { legacyContentRoutes } from './legacyContentRoutes';

export default function LegacyContentSite({ config }: { config: SiteConfig }) {
  const [router] = useState(() => createBrowserRouter(legacyContentRoutes(config)));
  return <RouterProvider router={router} />;
}
