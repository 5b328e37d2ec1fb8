import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The PostgreSQL server the fault suite uses: TEST_DATABASE_URL as npm run test:pg, default the local one. */
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name`, directly or through a proxy listening on 127.0.0.1:`proxyPort`. */
export const databaseUrl = (name: string, proxyPort?: number) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (proxyPort !== undefined) {
    url.hostname = '127.0.0.1';
    url.port = String(proxyPort);
  }
  return url.toString();
};

export async function withAdmin<T>(work: (admin: Client) => Promise<T>, url = adminUrl): Promise<T> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A fresh, empty database for one test file; the server migrates it at start. */
export async function createDatabase(): Promise<string> {
  const name = `baton_faults_${randomBytes(5).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database ${name}`));
  return name;
}

export async function dropDatabase(name: string) {
  await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
}

/** Every item's id and description, read straight from the database. */
export async function storedItems(name: string): Promise<{ id: string; description: string }[]> {
  return withAdmin(async (client) => (await client.query('select id, description from items')).rows, databaseUrl(name));
}
