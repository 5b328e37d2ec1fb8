import { writeFile } from 'node:fs/promises';
import { Client } from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../../src/server/db/database';
import { loadServerKeys } from '../../../src/server/oauth/serverKeys';
import { pgliteTemplateFile, postgresUrl, templateDatabase, withDatabase } from './testDatabase';

/**
 * Migrates one template database per run; each test file clones it (much faster than migrating each time).
 * The template holds the OAuth server keys too, which every app would otherwise make at start (an RSA key).
 */
export default async function globalSetup() {
  process.env.JEST_RUN_ID ??= String(process.pid);
  if (!postgresUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    await loadServerKeys(database.db);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await writeFile(pgliteTemplateFile(), Buffer.from(await dump.arrayBuffer()));
    await database.close();
    return;
  }
  const admin = new Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDatabase()} with (force)`);
  await admin.query(`create database ${templateDatabase()}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(postgresUrl, templateDatabase()) });
  await loadServerKeys(database.db);
  await database.close();
}
