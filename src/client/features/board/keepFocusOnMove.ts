/**
 * React reorders a list by calling insertBefore (or appendChild) on its parent, which takes the moved
 * node out of the document and puts it back. When that node holds the focus (the card just moved with
 * the keyboard), the browser blurs it, and React, after its DOM changes, reads the scroll position of
 * every ancestor (forcing a style and layout pass in the middle of its commit) and focuses it again.
 * Screen readers may announce that focus change, too.
 *
 * `Element.moveBefore` (Chromium 133+) moves a node without taking it out: it keeps focus, so none of
 * that happens. This makes one list element use it for moves among its own children; anything else,
 * and browsers without it, take the ordinary path.
 */
type MoveBefore = (node: Node, child: Node | null) => void;

const installed = new WeakSet<Element>();

export function keepFocusOnMove(parent: Element | null) {
  if (!parent || installed.has(parent)) return;
  const moveBefore = (parent as Element & { moveBefore?: MoveBefore }).moveBefore;
  if (typeof moveBefore !== 'function') return;
  installed.add(parent);
  const insertBefore = parent.insertBefore as (node: Node, child: Node | null) => Node;
  const appendChild = parent.appendChild as (node: Node) => Node;
  const move = (node: Node, child: Node | null): boolean => {
    if (node.parentNode !== parent || !parent.isConnected || (child !== null && child.parentNode !== parent)) {
      return false;
    }
    try {
      moveBefore.call(parent, node, child);
      return true;
    } catch {
      return false;
    }
  };
  Object.defineProperties(parent, {
    insertBefore: {
      configurable: true,
      value(this: Element, node: Node, child: Node | null): Node {
        return move(node, child) ? node : insertBefore.call(this, node, child);
      },
    },
    appendChild: {
      configurable: true,
      value(this: Element, node: Node): Node {
        return move(node, null) ? node : appendChild.call(this, node);
      },
    },
  });
}
