import { writeFile } from 'node:fs/promises';
import { Client } from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../../src/server/db/database';
import { pgliteTemplateFile, postgresUrl, templateDatabase, withDatabase } from './testDatabase';

/** Migrates one template database per run; each test file clones it (much faster than migrating each time). */
export default async function globalSetup() {
  process.env.JEST_RUN_ID ??= String(process.pid);
  if (!postgresUrl) {
    const database = await openDatabase({ kind: 'pglite' });
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
  await database.close();
}
