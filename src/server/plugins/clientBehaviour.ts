import type { RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The web client blocks the whole screen while this call runs (spec §4: team, project and sign-out changes). */
    blocksScreen?: boolean;
    /** A QuotaLimit answer to this call becomes the client's active quota error (spec §8). */
    raisesQuotaError?: boolean;
    /** False for calls whose success says nothing about the session in use (spec §4 session extension). */
    extendsSession?: boolean;
  }
}

/**
 * How the web client treats an operation, declared once on its route (`config`) and published in the
 * OpenAPI document as the operation's `x-baton-client`; `npm run codegen` turns it into
 * src/client/api/endpointBehaviour.gen.ts, so no list of endpoint names is kept by hand.
 */
export interface ClientBehaviour {
  idempotent?: true;
  blocksScreen?: true;
  raisesQuotaError?: true;
  extendsSession?: false;
}

export const CLIENT_BEHAVIOUR_EXTENSION = 'x-baton-client';

/** The behaviour a route declares, or null when it declares none. */
export function clientBehaviourOf(route: Pick<RouteOptions, 'config'>): ClientBehaviour | null {
  const config = route.config ?? {};
  const behaviour: ClientBehaviour = {
    ...(config.idempotent ? { idempotent: true } : {}),
    ...(config.blocksScreen ? { blocksScreen: true } : {}),
    ...(config.raisesQuotaError ? { raisesQuotaError: true } : {}),
    ...(config.extendsSession === false ? { extendsSession: false } : {}),
  };
  return Object.keys(behaviour).length > 0 ? behaviour : null;
}
