import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config/config';
import type { SiteConfig } from '../../shared/siteKind';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the single-page app's HTML (the SPA fallback for client-side routes). */
    sendClientPage(reply: FastifyReply): FastifyReply;
  }
}

export const clientDistDir = path.resolve(__dirname, '../../../dist');
/** The service worker script the build writes (webpack.config.js, InjectManifest's swDest). */
const serviceWorkerFile = 'sw.js';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Serves the built bundle; the page carries the site settings in a meta tag (no inline script under the CSP). */
async function clientSite(app: FastifyInstance, options: { config: Config; distDir?: string }) {
  const distDir = options.distDir ?? clientDistDir;
  const siteConfig: SiteConfig = {
    contentHosts: options.config.contentHosts,
    contentBasePath: options.config.contentBasePath,
    legacyContentHosts: options.config.legacyContentHosts,
    legacyContentUrl: options.config.legacyContentUrl ?? null,
    aiDrafts: options.config.ai.provider !== 'none',
  };
  const meta = `<meta name="baton-config" content="${escapeAttribute(JSON.stringify(siteConfig))}">`;
  const indexFile = path.join(distDir, 'index.html');
  const page = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8').replace('</head>', `${meta}</head>`)
    : `<!doctype html><html><head><title>Baton</title>${meta}</head><body><p>The Baton client is not built yet: run <code>npm run build</code>.</p></body></html>`;

  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each file; the one the browser accepts is sent (Vary: Accept-Encoding).
      preCompressed: true,
      // File names carry content hashes, so they never change; index.html is never served from here.
      // The service worker keeps its name across builds: the browser must revalidate it on every check.
      setHeaders: (reply, filePath) => {
        const name = path.basename(filePath);
        const immutable = !name.startsWith(serviceWorkerFile) && /\.[0-9a-f]{8,}\./.test(name);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
      allowedPath: (pathName) => pathName !== '/index.html',
    });
  }

  app.decorate('sendClientPage', (reply: FastifyReply) =>
    reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page),
  );
}

export default fp(clientSite, { name: 'client-site' });
