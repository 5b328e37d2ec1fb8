import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ResultCodes } from '../results';
import { BRANCH_CHARACTERS, REFUSED_BRANCH_SHAPE } from '../branchName';

/**
 * Any JSON object the team stores for itself (go-to-market plan, global team data), as answers carry
 * it. What a caller writes is bounded: contract/boundedJson.ts and ../fieldLimits.ts.
 */
export const JsonObject = Type.Record(Type.String(), Type.Unknown());
export type JsonObject = Static<typeof JsonObject>;

export const Id = Type.String({ minLength: 1, maxLength: 64 });
export const EmailAddress = Type.String({ format: 'email', maxLength: 320 });
/** A git branch name (git check-ref-format rules, ../branchName.ts). */
export const BranchName = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: BRANCH_CHARACTERS.source,
  not: { pattern: REFUSED_BRANCH_SHAPE.source },
  description: 'A git branch name (git check-ref-format rules; no backtick or invisible characters).',
});

/** The successful envelope around a payload. */
export function OkEnvelope<T extends TSchema>(data: T) {
  return Type.Object({ result: Type.Literal('Ok'), data });
}

/** The successful envelope with no payload. */
export const OkEmpty = Type.Object({ result: Type.Literal('Ok') }, { $id: 'OkEmpty' });

/** Every non-Ok answer: a result code, a message and, for QuotaLimit, the quota kind in data. */
export const ErrorEnvelope = Type.Object(
  {
    result: Type.Union(ResultCodes.map((code) => Type.Literal(code))),
    message: Type.Optional(Type.String()),
    data: Type.Optional(
      Type.Object({
        quotaKind: Type.Optional(Type.String()),
        /** On a 409: the record as it is now (an item or a project). */
        current: Type.Optional(Type.Unknown()),
      }),
    ),
  },
  { $id: 'ErrorEnvelope' },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;
