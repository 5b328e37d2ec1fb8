/**
 * A server answer held until the test has seen the pending state (the blocking overlay, an optimistic
 * change): a timer instead would race a busy machine, and the pending state could come and go unseen.
 */
export function heldAnswer() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}
