import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { SiteConfig } from '../../../shared/siteKind';
import { mainContentRoutes } from './mainContentRoutes';

/** The public landing site. Kept small: no store, no RTK, no redux-persist in this chunk. */
export default function MainContentSite({ config }: { config: SiteConfig }) {
  const [router] = useState(() => createBrowserRouter(mainContentRoutes(config)));
  return <RouterProvider router={router} />;
}
