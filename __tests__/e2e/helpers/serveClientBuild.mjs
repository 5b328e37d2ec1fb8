// Runs Baton on one built client folder (CLIENT_DIST_DIR), as `npm start` does on dist/: the service
// worker test stops it and starts it again on another build, so the browser sees a new release.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
require('tsx/cjs/api').register();
const { buildApp } = require(path.join(root, 'src/server/app.ts'));
const { loadConfig } = require(path.join(root, 'src/server/config/config.ts'));
const { openDatabase } = require(path.join(root, 'src/server/db/database.ts'));

const config = loadConfig();
const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
const app = await buildApp({ config, database, clientDistDir: process.env.CLIENT_DIST_DIR });
app.addHook('onClose', () => database.close());
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
console.log(`serving ${process.env.CLIENT_DIST_DIR}`);
