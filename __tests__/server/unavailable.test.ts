import { DrizzleQueryError } from 'drizzle-orm/errors';
import { DatabaseError } from 'pg';
import { DatabaseUnavailableError, isConnectionLost, isDatabaseUnavailable } from '../../src/server/db/unavailable';

const sqlState = (code: string, message = 'server error') => {
  const error = new DatabaseError(message, 0, 'error');
  error.code = code;
  return error;
};
const socket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
/** As routes see driver errors: wrapped by Drizzle with the driver's error as its cause. */
const wrapped = (cause: unknown) => new DrizzleQueryError('insert into "items" ...', [], cause as Error);

describe('which errors mean the database is unavailable (503), not a bug (500)', () => {
  it.each([
    ['admin shutdown (pg_terminate_backend, fast shutdown)', sqlState('57P01')],
    ['crash shutdown', sqlState('57P02')],
    ['cannot connect now (starting up, recovering)', sqlState('57P03')],
    ['a connection exception (class 08)', sqlState('08006')],
    ['too many connections', sqlState('53300')],
    ['the idle-in-transaction timeout', sqlState('25P03')],
    ['a refused connection', socket('ECONNREFUSED')],
    ['a reset connection', socket('ECONNRESET')],
    ['a connection ended by the server', new Error('Connection terminated unexpectedly')],
    ['a client whose connection broke', new Error('Client has encountered a connection error and is not queryable')],
    ['the connect timeout', new Error('timeout expired')],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['no answer in time', new Error('Query read timeout')],
    ['a closed embedded database', new Error('PGlite is closed')],
    ['a trap in the embedded database', new WebAssembly.RuntimeError('unreachable')],
    ['Baton’s own deadline', new DatabaseUnavailableError('the database did not answer within 5000 ms')],
  ])('%s, bare or wrapped by Drizzle, is a lost connection', (_what, error) => {
    expect(isConnectionLost(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it('counts a cancelled slow statement as unavailable, but its connection as still good', () => {
    const timedOut = sqlState('57014', 'canceling statement due to statement timeout');
    expect(isDatabaseUnavailable(wrapped(timedOut))).toBe(true);
    expect(isConnectionLost(timedOut)).toBe(false);
  });

  it.each([
    ['a unique violation', sqlState('23505')],
    ['a syntax error', sqlState('42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that only mentions a connection', new Error('user input: Connection terminated unexpectedly')],
  ])('%s is not', (_what, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
