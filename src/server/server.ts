import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { openDatabase } from './db/database';
import { checkDurability } from './db/durability';

/** Starts Baton: validate configuration, open and migrate the database, listen, close gracefully. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          poolSize: config.databasePoolSize,
          timeouts: config.databaseTimeouts,
        }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());
  await checkDurability(database, app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Fastify's close stops accepting connections and waits for requests in flight.
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
  // The address that works is PUBLIC_URL (cookies, CSRF and OAuth are bound to it); the port may differ only with PORT=0.
  const publicPort = new URL(config.publicUrl).port;
  console.log(
    `Baton is running at ${publicPort === '' || Number(publicPort) === port ? config.publicUrl : `http://${shownHost}:${port}`}`,
  );
}

main().catch((error: unknown) => {
  console.error('Baton could not start:', error);
  process.exit(1);
});
