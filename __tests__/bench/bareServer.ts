/**
 * The baseline for the API benchmark: a bare Fastify route per call that answers a fixed JSON body of
 * the same size as Baton's answer, with no session, database or validation.
 *   tsx bareServer.ts <port> <move.json> <query.json>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, moveFile, queryFile] = process.argv.slice(2) as [string, string, string];
const move = readFileSync(moveFile, 'utf8');
const query = readFileSync(queryFile, 'utf8');
const app = Fastify({ logger: false });
app.put('/bare/move', async (_request, reply) => reply.type('application/json').send(move));
app.post('/bare/query', async (_request, reply) => reply.type('application/json').send(query));
app.listen({ port: Number(port), host: '127.0.0.1' }).then(
  () => console.log('ready'),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
