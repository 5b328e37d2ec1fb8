import fp from 'fastify-plugin';
import type { FastifyInstance, FastifySchema } from 'fastify';
import * as account from '../../shared/contract/account';
import * as agent from '../../shared/contract/agent';
import * as agentDrafts from '../../shared/contract/agentDrafts';
import * as auth from '../../shared/contract/auth';
import * as benchmark from '../../shared/contract/benchmark';
import * as comments from '../../shared/contract/comments';
import * as common from '../../shared/contract/common';
import * as contextItems from '../../shared/contract/contextItems';
import * as github from '../../shared/contract/github';
import * as handoff from '../../shared/contract/handoff';
import * as itemLookup from '../../shared/contract/itemLookup';
import * as items from '../../shared/contract/items';
import * as mcp from '../../shared/contract/mcp';
import * as projects from '../../shared/contract/projects';
import * as teams from '../../shared/contract/teams';
import * as userAndTeam from '../../shared/contract/userAndTeam';
import { collectNamedSchemas, referToNamed } from './schemaRefs';

const contractModules = [
  account,
  agent,
  agentDrafts,
  auth,
  benchmark,
  comments,
  common,
  contextItems,
  github,
  handoff,
  itemLookup,
  items,
  mcp,
  projects,
  teams,
  userAndTeam,
];

/** The contract's schemas that carry an `$id` (Item, ProjectContext, ErrorEnvelope…), by `$id`. */
export const namedSchemas = collectNamedSchemas(contractModules.flatMap((module) => Object.values(module)));

/**
 * Registers each named contract schema once (Ajv, the response serializer and the OpenAPI document
 * share it) and turns every copy of one in a route's body or response schema into a `$ref` to it,
 * so the document names each type once (components.schemas) and the generated client does too.
 * A route schema carrying an `$id` that is not registered here, or a different schema under a
 * registered `$id`, stops the start.
 */
async function namedSchemasPlugin(app: FastifyInstance) {
  for (const schema of namedSchemas.values()) app.addSchema(referToNamed(schema, namedSchemas, 'contract', true));
  app.addHook('onRoute', (route) => {
    const schema = route.schema as FastifySchema | undefined;
    if (!schema) return;
    const where = `${String(route.method)} ${route.url}`;
    const response = schema.response as Record<string, unknown> | undefined;
    route.schema = {
      ...schema,
      ...(schema.body === undefined ? {} : { body: referToNamed(schema.body, namedSchemas, where) }),
      ...(response === undefined
        ? {}
        : {
            response: Object.fromEntries(
              Object.entries(response).map(([code, answer]) => [code, referToNamed(answer, namedSchemas, where)]),
            ),
          }),
    };
  });
}

export default fp(namedSchemasPlugin, { name: 'namedSchemas' });
