/** The item's own page in Baton (the client's `/items/:itemKey` route, docs/planning.md "Links"). */
export const itemUrl = (publicUrl: string, externalId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/items/${encodeURIComponent(externalId)}`;
