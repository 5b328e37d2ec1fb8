/** A list as a sentence says it: "a", "a and b", "a, b and c". */
export const spokenList = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
