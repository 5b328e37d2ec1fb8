import type { ComponentType } from 'react';
import type { SiteConfig, SiteKind } from '../../shared/siteKind';

/** What every route set's chunk exports: one component that renders the site (the app's owns a router). */
export interface SiteModule {
  default: ComponentType<{ config: SiteConfig }>;
}

export type SiteImporters = Record<SiteKind, () => Promise<SiteModule>>;

/** One lazily loaded chunk per site kind; the chunk names show in dist/. */
export const siteImporters: SiteImporters = {
  'legacy-content': () => import(/* webpackChunkName: "legacy-content" */ '../sites/legacy-content/LegacyContentSite'),
  'main-content': () => import(/* webpackChunkName: "main-content" */ '../sites/main-content/MainContentSite'),
  app: () => import(/* webpackChunkName: "app" */ '../sites/app/AppSite'),
};
