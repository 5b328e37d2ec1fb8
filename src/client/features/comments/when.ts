/** A moment as the activity stream and the mentions list show it: date and time, in the reader's locale. */
export const whenText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
