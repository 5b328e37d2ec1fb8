import { mentionedMembers, mentionHandle } from '../../src/shared/mentions';

const members = [
  { userId: 'ada', emailAddress: 'ada@example.com' },
  { userId: 'bob', emailAddress: 'Bob.Smith@example.com' },
  { userId: 'sam1', emailAddress: 'sam@example.com' },
  { userId: 'sam2', emailAddress: 'sam@example.org' },
];
const ids = (text: string) => mentionedMembers(text, members).map((member) => member.userId);

describe('mentions (@handle)', () => {
  it('names a member by the part of their address before the @, any case, once, in order', () => {
    expect(mentionHandle('Bob.Smith@example.com')).toBe('Bob.Smith');
    expect(ids('@bob.smith and @ADA, again @ada.')).toEqual(['bob', 'ada']);
  });

  it('takes the whole address, which also tells apart members sharing a handle', () => {
    expect(ids('@sam')).toEqual([]);
    expect(ids('@sam@example.org please')).toEqual(['sam2']);
  });

  it('reads no mention inside code, an e-mail address or a word', () => {
    expect(ids('`@ada` and\n```\n@bob.smith\n```\nmail ada@example.com, x@ada')).toEqual([]);
  });
});
