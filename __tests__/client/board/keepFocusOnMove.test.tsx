import { render } from '@testing-library/react';
import { keepFocusOnMove } from '../../../src/client/features/board/keepFocusOnMove';

type MoveBefore = (node: Node, child: Node | null) => void;

/** jsdom has no Element.moveBefore: a stand-in that records its calls and moves as insertBefore would. */
function withMoveBefore() {
  const calls: [string, string | null][] = [];
  const name = (node: Node | null) => (node ? (node as Element).id : null);
  const moveBefore: MoveBefore = function (this: Element, node, child) {
    calls.push([name(node)!, name(child)]);
    Node.prototype.insertBefore.call(this, node, child);
  };
  beforeEach(() => {
    calls.length = 0;
    (Element.prototype as Element & { moveBefore?: MoveBefore }).moveBefore = moveBefore;
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, 'moveBefore');
  });
  return calls;
}

function list(...ids: string[]) {
  const ul = document.createElement('ul');
  for (const id of ids) ul.append(Object.assign(document.createElement('li'), { id }));
  document.body.append(ul);
  return ul;
}

afterEach(() => document.querySelectorAll('body > ul').forEach((ul) => ul.remove()));

const order = (ul: Element) => [...ul.children].map((child) => child.id);

describe('keepFocusOnMove', () => {
  const calls = withMoveBefore();

  it('moves the list’s own children with moveBefore (which keeps focus in a browser)', () => {
    const ul = list('a', 'b', 'c');
    keepFocusOnMove(ul);
    const a = ul.children[0]!;
    expect(ul.insertBefore(a, ul.children[2]!)).toBe(a);
    ul.appendChild(ul.children[0]!);
    expect(order(ul)).toEqual(['a', 'c', 'b']);
    expect(calls).toEqual([
      ['a', 'c'],
      ['b', null],
    ]);
  });

  it('inserts new nodes the ordinary way', () => {
    const ul = list('a');
    keepFocusOnMove(ul);
    ul.insertBefore(Object.assign(document.createElement('li'), { id: 'new' }), ul.children[0]!);
    ul.appendChild(Object.assign(document.createElement('li'), { id: 'last' }));
    expect(order(ul)).toEqual(['new', 'a', 'last']);
    expect(calls).toEqual([]);
  });

  it('is what React uses when it reorders a keyed list', () => {
    const List = ({ ids }: { ids: string[] }) => (
      <ul ref={keepFocusOnMove}>
        {ids.map((id) => (
          <li key={id} id={id}>
            <button type="button">{id}</button>
          </li>
        ))}
      </ul>
    );
    const view = render(<List ids={['a', 'b', 'c']} />);
    view.rerender(<List ids={['b', 'a', 'c']} />);
    expect(order(view.container.querySelector('ul')!)).toEqual(['b', 'a', 'c']);
    expect(calls).toEqual([['a', 'c']]);
  });
});

describe('keepFocusOnMove without Element.moveBefore', () => {
  it('leaves the list alone', () => {
    const ul = list('a', 'b');
    keepFocusOnMove(ul);
    expect(Object.getOwnPropertyNames(ul)).not.toContain('insertBefore');
    ul.insertBefore(ul.children[1]!, ul.children[0]!);
    expect(order(ul)).toEqual(['b', 'a']);
  });
});
