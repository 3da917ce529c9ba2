import { describe, expect, it } from 'vitest';
import { collaborators, colourAvoiding, distinctPeople, peopleLabel, PRESENCE_COLORS } from '../../../src/state/sync/presence';
import { editLink, parseShareFragment, viewLink } from '../../../src/state/sync/shareLinks';
import { SharedMaps } from '../../../src/state/sync/sharedMaps';

const ROOM = 'V1StGXR8_Z5jdHi6B-myT';
const EDIT = 'e'.repeat(32);
const VIEW = 'v'.repeat(32);

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

describe('share links', () => {
  it('round-trip edit and view links, with the view token inside the edit link', () => {
    const edit = editLink('https://maps.example', ROOM, EDIT, VIEW);
    expect(edit).toBe(`https://maps.example/mindmap/shared/${ROOM}#edit=${EDIT}&view=${VIEW}`);
    expect(parseShareFragment(ROOM, new URL(edit).hash)).toEqual({ room: ROOM, token: EDIT, access: 'edit', viewToken: VIEW });
    expect(parseShareFragment(ROOM, new URL(viewLink('https://maps.example', ROOM, VIEW)).hash)).toEqual({
      room: ROOM,
      token: VIEW,
      access: 'view',
      viewToken: VIEW,
    });
  });

  it('refuses malformed rooms and tokens', () => {
    expect(parseShareFragment('short', `#edit=${EDIT}`)).toBeNull();
    expect(parseShareFragment(ROOM, '#edit=<script>')).toBeNull();
    expect(parseShareFragment(ROOM, '')).toBeNull();
    expect(parseShareFragment(ROOM, `#admin=${EDIT}`)).toBeNull();
  });
});

describe('shared maps on this device', () => {
  it('remembers the current map, never downgrades an edit link, and leaves back to the local map', () => {
    const maps = new SharedMaps(memoryStorage());
    expect(maps.current()).toBeNull();
    maps.join({ room: ROOM, token: EDIT, access: 'edit', viewToken: VIEW }, 1);
    maps.join({ room: ROOM, token: VIEW, access: 'view', viewToken: VIEW }, 2);
    expect(maps.current()).toEqual({ room: ROOM, token: EDIT, access: 'edit', viewToken: VIEW, joinedAt: 1 });
    maps.leave();
    expect(maps.current()).toBeNull();
    expect(maps.get(ROOM)?.access).toBe('edit');
  });

  it('keeps a trimmed name and survives garbage in storage', () => {
    const storage = memoryStorage();
    const maps = new SharedMaps(storage);
    expect(maps.name()).toBeNull();
    expect(maps.setName('  Ada Lovelace  ')).toBe('Ada Lovelace');
    expect(maps.name()).toBe('Ada Lovelace');
    storage.setItem('mindflow-shared-maps', '{not json');
    expect(maps.current()).toBeNull();
  });
});

describe('presence', () => {
  it('lists other people from awareness states, reading them defensively', () => {
    const states = new Map<number, Record<string, unknown>>([
      [1, { presence: { name: 'Me', color: '#22c55e', selection: null, pointer: null } }],
      [2, { presence: { name: 'Zoe', color: '#3b82f6', selection: 'a', pointer: { x: 10, y: 20 } } }],
      [3, { presence: { name: 'Al', color: 'red; background:url(x)', selection: 42, pointer: { x: 'no', y: 1 } } }],
      [4, { presence: { name: '' } }],
      [5, {}],
    ]);
    const people = collaborators(states, 1);
    expect(people.map((p) => p.name)).toEqual(['Al', 'Zoe']);
    expect(people[0]).toMatchObject({ color: '#f97316', selection: null, pointer: null });
    expect(people[1]).toMatchObject({ selection: 'a', pointer: { x: 10, y: 20 } });
    expect(peopleLabel(people.length)).toBe('3 people');
    expect(peopleLabel(0)).toBe('1 person');
  });

  it('counts a person with several tabs once, and leaves out this person\'s own other tabs', () => {
    const presence = (name: string, person?: string) => ({ presence: { name, color: '#22c55e', selection: null, pointer: null, ...(person ? { person } : {}) } });
    const states = new Map<number, Record<string, unknown>>([
      [1, presence('Bob', 'bob-browser-1')],
      [2, presence('Ada', 'ada-browser-1')],
      [3, presence('Ada', 'ada-browser-1')],
      [4, presence('Bob', 'bob-browser-1')],
      [5, presence('Old client')],
      [6, presence('Cy', 'bad id!')],
    ]);
    const others = collaborators(states, 1, 'bob-browser-1');
    // Both of Ada's tabs are there (each has its own selection to draw); Bob's other tab is not.
    expect(others.map((p) => [p.name, p.clientId])).toEqual([
      ['Ada', 2],
      ['Ada', 3],
      ['Cy', 6],
      ['Old client', 5],
    ]);
    expect(distinctPeople(others).map((p) => p.name)).toEqual(['Ada', 'Cy', 'Old client']);
    expect(peopleLabel(distinctPeople(others).length)).toBe('4 people');
  });

  it('keeps one person id per browser profile', () => {
    const storage = memoryStorage();
    let n = 0;
    const make = () => `person-id-${++n}`;
    const id = new SharedMaps(storage).personId(make);
    expect(new SharedMaps(storage).personId(make)).toBe(id);
    expect(n).toBe(1);
  });
});

describe('presence colours', () => {
  it('the one who came in later takes a free colour when two show the same', () => {
    const [first, second] = PRESENCE_COLORS;
    // Two "Guest"s: the same colour from the same name. Client ids are random: when they came in decides.
    expect(colourAvoiding(first, { clientId: 3, since: 2000 }, [{ clientId: 7, color: first, since: 1000 }])).toBe(second);
    // The one who came in first keeps it.
    expect(colourAvoiding(first, { clientId: 7, since: 1000 }, [{ clientId: 3, color: first, since: 2000 }])).toBe(first);
    // At the same moment, the client id decides.
    expect(colourAvoiding(first, { clientId: 7, since: 1000 }, [{ clientId: 3, color: first, since: 1000 }])).toBe(second);
    // Every colour taken: it stays.
    const all = PRESENCE_COLORS.map((color, i) => ({ clientId: i, color, since: 0 }));
    expect(colourAvoiding(first, { clientId: 99, since: 5 }, all)).toBe(first);
  });
});
