import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase } from '../../src/server/db/database';
import { checkDurability } from '../../src/server/db/durability';
import { openTestDatabase, postgresUrl, templateDatabase, withDatabase } from './helpers/testDatabase';

function capturingLog() {
  const warnings: string[] = [];
  const infos: string[] = [];
  return {
    warnings,
    infos,
    warn: (_details: object, message: string) => void warnings.push(message),
    info: (_details: object, message: string) => void infos.push(message),
  };
}

describe('durability checked at boot', () => {
  (postgresUrl ? it : it.skip)('stays quiet when PostgreSQL flushes every commit', async () => {
    const database = await openTestDatabase();
    try {
      const log = capturingLog();
      const report = await checkDurability(database, log);
      expect(report).toEqual({
        unsafe: [],
        settings: { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' },
      });
      expect(log.warnings).toEqual([]);
    } finally {
      await database.drop();
    }
  });

  (postgresUrl ? it : it.skip)('warns loudly when the database has synchronous_commit off', async () => {
    const name = `baton_test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${templateDatabase()}`);
      await admin.query(`alter database ${name} set synchronous_commit = off`);
      const database = await openDatabase(
        { kind: 'postgres', url: withDatabase(postgresUrl!, name) },
        { migrate: false },
      );
      const log = capturingLog();
      const report = await checkDurability(database, log);
      await database.close();
      expect(report.unsafe).toEqual(['synchronous_commit']);
      expect(log.warnings).toHaveLength(1);
      expect(log.warnings[0]).toMatch(/^DURABILITY AT RISK: PostgreSQL has synchronous_commit = off/);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  (postgresUrl ? it.skip : it)('says what the embedded database promises', async () => {
    const database = await openTestDatabase();
    try {
      const log = capturingLog();
      await checkDurability(database, log);
      expect(log.infos.join(' ')).toMatch(/survives the process being killed, not an operating-system crash/);
    } finally {
      await database.drop();
    }
  });
});
