import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/types';
import {
  consumeOAuthModel,
  deleteOAuthModel,
  deleteOAuthModelsOfGrant,
  findOAuthModel,
  findOAuthModelBy,
  upsertOAuthModel,
} from '../repositories/oauthModels';

/**
 * oidc-provider's storage on Baton's database (PGlite or PostgreSQL): every model in `oauth_models`,
 * so a code issued by one instance is redeemed by another and a restart loses nothing.
 */
export function databaseAdapter(db: Db): AdapterConstructor {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const now = Date.now();
      await upsertOAuthModel(db, {
        kind: this.kind,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        accountId: payload.accountId ?? null,
        expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null,
      });
    }

    async find(id: string) {
      return this.payloadOf(await findOAuthModel(db, { kind: this.kind, id }, new Date()));
    }

    async findByUid(uid: string) {
      return this.payloadOf(await findOAuthModelBy(db, this.kind, 'uid', uid, new Date()));
    }

    async findByUserCode(userCode: string) {
      return this.payloadOf(await findOAuthModelBy(db, this.kind, 'userCode', userCode, new Date()));
    }

    async consume(id: string) {
      await consumeOAuthModel(db, { kind: this.kind, id }, new Date());
    }

    async destroy(id: string) {
      await deleteOAuthModel(db, { kind: this.kind, id });
    }

    async revokeByGrantId(grantId: string) {
      await deleteOAuthModelsOfGrant(db, this.kind, grantId);
    }

    private payloadOf(row: { payload: Record<string, unknown>; consumedAt: Date | null } | undefined) {
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      // oidc-provider reads `consumed` to refuse a code used twice and to detect a refresh token's reuse.
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }
  };
}
