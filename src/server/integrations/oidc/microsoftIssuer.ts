import type { IDToken } from 'openid-client';

/** Microsoft's multi-tenant endpoints publish their issuer as a template holding this placeholder. */
export const TENANT_PLACEHOLDER = '{tenantid}';
const MULTI_TENANT = new Set(['common', 'organizations', 'consumers']);
/** Tenant ids are GUIDs; refusing anything else keeps a crafted `tid` from reshaping the issuer URL. */
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MicrosoftIssuerSettings {
  /** MICROSOFT_TENANT_ID: common, organizations, consumers, or one tenant. */
  tenantId: string;
  /** The issuer the discovery document announced (discovery checked it against the configured URL). */
  discoveredIssuer: string;
}

/**
 * The issuer a Microsoft ID token must carry. With common and organizations every token comes from
 * the user's own tenant, so the announced template gets the token's `tid`. Otherwise the announced
 * issuer is exact: the configured tenant's (consumers and domain-name tenants announce their GUID).
 */
export function expectedMicrosoftIssuer(settings: MicrosoftIssuerSettings, claims: IDToken): string | undefined {
  if (!settings.discoveredIssuer.includes(TENANT_PLACEHOLDER)) return settings.discoveredIssuer;
  // A template would let every tenant in; only a multi-tenant configuration asked for that.
  if (!MULTI_TENANT.has(settings.tenantId.toLowerCase())) return undefined;
  const tid = claims['tid'];
  if (typeof tid !== 'string' || !TENANT_ID.test(tid)) return undefined;
  return settings.discoveredIssuer.replace(TENANT_PLACEHOLDER, tid);
}

export function isMicrosoftIssuerValid(settings: MicrosoftIssuerSettings, claims: IDToken): boolean {
  return claims.iss === expectedMicrosoftIssuer(settings, claims);
}
