/** Finding an item across the team's projects: by words or key (the palette), and by key (a link). */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';
import { Nullable } from './items';
import { BOARD_DESCRIPTION_LENGTH } from '../boardDescription';

export const TEAM_SEARCH_LIMIT = 20;

export const TeamSearchQuerystring = Type.Object(
  { query: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

/** One item found: what the palette shows and where the item is. */
export const ItemHit = Type.Object(
  {
    id: Id,
    externalId: Type.String(),
    itemType: Type.Integer(),
    /** The description's first line, as on a card. */
    description: Type.String({ maxLength: BOARD_DESCRIPTION_LENGTH }),
    completionDate: Nullable(Type.String({ format: 'date-time' })),
    /** The team's projects the item is on, oldest project first. */
    projectIds: Type.Array(Id),
  },
  { $id: 'ItemHit' },
);
export type ItemHit = Static<typeof ItemHit>;

export const ItemHits = Type.Object(
  { items: Type.Array(ItemHit, { maxItems: TEAM_SEARCH_LIMIT }) },
  { $id: 'ItemHits' },
);
export type ItemHits = Static<typeof ItemHits>;

/** An item key as a link carries it (BAT-12); any case. */
export const ItemKeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * Where a key leads: the item of the active team; or why not — deleted (the team handed out that number
 * and no item holds it now), in another of the user's teams (named, to switch to), or unknown here.
 */
export const ItemLocation = Type.Union(
  [
    Type.Object({ found: Type.Literal('item'), item: ItemHit }),
    Type.Object({ found: Type.Literal('deleted') }),
    Type.Object({ found: Type.Literal('otherTeam'), teamId: Id, teamName: Type.String() }),
    Type.Object({ found: Type.Literal('unknown') }),
  ],
  { $id: 'ItemLocation' },
);
export type ItemLocation = Static<typeof ItemLocation>;
