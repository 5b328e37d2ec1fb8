import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type Database } from '../../../src/server/db/database';

/**
 * Where server tests store data: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set
 * (npm run test:pg). Each test file gets a fresh database cloned from a migrated template.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL;
/** Per jest run, so two runs side by side (say CI and a developer's file) never share or drop each other's template. */
export const templateDatabase = () => `baton_test_template_${process.env.JEST_RUN_ID ?? 'local'}`;
export const pgliteTemplateFile = () =>
  `${process.env.TMPDIR ?? '/tmp'}/baton-pglite-template-${process.env.JEST_RUN_ID ?? 'local'}.tar`;

const withDatabase = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/**
 * The template's bytes, read once per test file. PGlite reads a loadDataDir Blob whole with arrayBuffer()
 * and only reads that copy (it untars it into the new database's own files), so every clone is handed the
 * same bytes: a Blob would copy its 40 MB again for each clone, which made the garbage collector run
 * over the test file's heap several more times per database.
 */
let pgliteTemplate: Blob | undefined;
const templateBytes = async (): Promise<Blob> => {
  if (pgliteTemplate) return pgliteTemplate;
  const file = await readFile(pgliteTemplateFile());
  const bytes = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  const template = { type: '', size: bytes.byteLength, arrayBuffer: async () => bytes };
  return (pgliteTemplate = template as unknown as Blob);
};

/** `url` is set on PostgreSQL, so a test can open a second instance on the same database. */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void>; url?: string }> {
  if (!postgresUrl) {
    const template = await templateBytes();
    const database = await openDatabase({ kind: 'pglite', loadDataDir: template }, { migrate: false });
    return { ...database, drop: () => database.close().catch(() => undefined) };
  }
  const name = `baton_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDatabase()}`);
  await admin.end();
  const url = withDatabase(postgresUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 20 }, { migrate: false });
  return {
    ...database,
    url,
    drop: async () => {
      await database.close().catch(() => undefined); // a test may have closed it already
      const cleanup = new Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export { withDatabase };
