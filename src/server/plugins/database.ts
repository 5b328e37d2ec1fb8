import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { Db } from '../db/types';

export interface Clock {
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    clock: Clock;
  }
}

/** Makes the opened database and the clock (injectable in tests) available to every route. */
async function database(app: FastifyInstance, options: { database: Database; clock: Clock }) {
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('clock', options.clock);
}

export default fp(database, { name: 'database' });
