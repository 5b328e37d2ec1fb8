import type { FastifyInstance } from 'fastify';
import { AGENT_LIMITS } from '../../../src/shared/contract/agent';
import { call } from './testApp';

/**
 * Stores patterns with the given ids in the team's catalogues (engineering first, then product), so
 * items may reference them in projectPatternIds.
 */
export async function seedPatterns(app: FastifyInstance, cookie: string, ids: readonly string[]) {
  const catalogues = [
    ['engineering-patterns', ids.slice(0, AGENT_LIMITS.patterns)],
    ['product-patterns', ids.slice(AGENT_LIMITS.patterns, 2 * AGENT_LIMITS.patterns)],
  ] as const;
  for (const [kind, some] of catalogues) {
    if (some.length === 0) continue;
    const patterns = some.map((id) => ({ id, name: `Pattern ${id}`, description: '' }));
    const response = await call(app, 'PUT', `/v1/agent/${kind}`, {
      cookie,
      body: { step: 'IdentifyPatterns', inputModel: {}, content: { patterns: { patterns } } },
    });
    if (response.statusCode !== 200) throw new Error(`seeding patterns failed: ${response.body}`);
  }
}
