import { rm } from 'node:fs/promises';
import { Client } from 'pg';
import { pgliteTemplateFile, postgresUrl, templateDatabase } from './testDatabase';

export default async function globalTeardown() {
  if (!postgresUrl) {
    await rm(pgliteTemplateFile(), { force: true });
    return;
  }
  const admin = new Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDatabase()} with (force)`);
  await admin.end();
}
