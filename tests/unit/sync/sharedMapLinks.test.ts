/** Which link this device keeps for a shared map when a new link of it is opened, and what a refusal takes back. */
import { describe, expect, it } from 'vitest';
import { SHARED_MAPS_KEY, SharedMaps } from '../../../src/state/sync/sharedMaps';

const ROOM = 'V1StGXR8_Z5jdHi6B-myT';
const OTHER_ROOM = 'Q9xYzW8_vu7tsR6qpO-nm';
const GOOD = 'g'.repeat(32);
const CUT = 'g'.repeat(26);
const VIEW = 'v'.repeat(32);

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

describe('a new link of a map this device already joined', () => {
  it('is tried first, with the link that worked kept until the server answers', () => {
    const maps = new SharedMaps(memoryStorage());
    maps.join({ room: ROOM, token: GOOD, access: 'edit', viewToken: VIEW }, 1);
    maps.accepted(ROOM, GOOD);
    const tried = maps.join({ room: ROOM, token: CUT, access: 'edit' }, 2);
    expect(tried).toMatchObject({ token: CUT, access: 'edit', viewToken: VIEW });
    expect(tried.previous).toEqual({ room: ROOM, token: GOOD, access: 'edit', viewToken: VIEW });
  });

  it('refused by the server, gives back the link that worked, which stays the one to use', () => {
    const maps = new SharedMaps(memoryStorage());
    maps.join({ room: ROOM, token: GOOD, access: 'edit', viewToken: VIEW }, 1);
    maps.join({ room: ROOM, token: CUT, access: 'edit' }, 2);
    expect(maps.refused(ROOM, CUT)).toEqual({ room: ROOM, token: GOOD, access: 'edit', viewToken: VIEW, joinedAt: 1 });
    expect(maps.current()).toEqual({ room: ROOM, token: GOOD, access: 'edit', viewToken: VIEW, joinedAt: 1 });
    // Opening the refused link again never stacks it over the good one.
    maps.join({ room: ROOM, token: CUT, access: 'edit' }, 3);
    maps.join({ room: ROOM, token: 'x'.repeat(30), access: 'edit' }, 4);
    expect(maps.get(ROOM)?.previous?.token).toBe(GOOD);
  });

  it('accepted by the server, replaces the earlier link for good', () => {
    const maps = new SharedMaps(memoryStorage());
    maps.join({ room: ROOM, token: VIEW, access: 'view', viewToken: VIEW }, 1);
    maps.join({ room: ROOM, token: GOOD, access: 'edit', viewToken: VIEW }, 2);
    maps.accepted(ROOM, GOOD);
    expect(maps.get(ROOM)).toEqual({ room: ROOM, token: GOOD, access: 'edit', viewToken: VIEW, joinedAt: 1 });
    expect(maps.refused(ROOM, GOOD)).toBeNull();
  });

  it('never lets a view link cut short take the place of a remembered view token', () => {
    const maps = new SharedMaps(memoryStorage());
    maps.join({ room: ROOM, token: GOOD, access: 'edit', viewToken: VIEW }, 1);
    maps.join({ room: ROOM, token: 'v'.repeat(20), access: 'view', viewToken: 'v'.repeat(20) }, 2);
    expect(maps.get(ROOM)).toEqual({ room: ROOM, token: GOOD, access: 'edit', viewToken: VIEW, joinedAt: 1 });
  });
});

describe('the first link of a map, refused', () => {
  it('is forgotten, and /mindmap opens again the map it opened before', () => {
    const maps = new SharedMaps(memoryStorage());
    maps.join({ room: OTHER_ROOM, token: GOOD, access: 'edit' }, 1);
    maps.accepted(OTHER_ROOM, GOOD);
    maps.join({ room: ROOM, token: CUT, access: 'edit' }, 2);
    expect(maps.current()?.room).toBe(ROOM);
    expect(maps.refused(ROOM, CUT)).toBeNull();
    maps.forget(ROOM);
    expect(maps.get(ROOM)).toBeNull();
    expect(maps.current()?.room).toBe(OTHER_ROOM);
  });

  it('from the local map, leaves the local map the one /mindmap opens', () => {
    const maps = new SharedMaps(memoryStorage());
    maps.join({ room: ROOM, token: CUT, access: 'edit' }, 1);
    maps.forget(ROOM);
    expect(maps.current()).toBeNull();
  });
});

it('reads a stored record defensively, keeping entries written before earlier links were kept', () => {
  const storage = memoryStorage();
  storage.setItem(
    SHARED_MAPS_KEY,
    JSON.stringify({
      current: ROOM,
      maps: {
        [ROOM]: { room: ROOM, token: GOOD, access: 'edit', joinedAt: 5, previous: { token: 7 }, openedFrom: 3 },
        [OTHER_ROOM]: 'nonsense',
      },
    }),
  );
  const maps = new SharedMaps(storage);
  expect(maps.current()).toEqual({ room: ROOM, token: GOOD, access: 'edit', joinedAt: 5 });
  expect(maps.get(OTHER_ROOM)).toBeNull();
});

describe('a map set aside before it opened (no server answered)', () => {
  it('gives /mindmap back to the map it opened before, and keeps the link for the map own address', () => {
    const maps = new SharedMaps(memoryStorage());
    maps.join({ room: OTHER_ROOM, token: GOOD, access: 'edit' }, 1);
    maps.join({ room: ROOM, token: VIEW, access: 'view', viewToken: VIEW }, 2);
    maps.setAside(ROOM);
    expect(maps.current()?.room).toBe(OTHER_ROOM);
    expect(maps.get(ROOM)?.token).toBe(VIEW);
    // From the local map: /mindmap opens the local map again.
    const fresh = new SharedMaps(memoryStorage());
    fresh.join({ room: ROOM, token: GOOD, access: 'edit' }, 1);
    fresh.setAside(ROOM);
    expect(fresh.current()).toBeNull();
    expect(fresh.get(ROOM)?.token).toBe(GOOD);
  });
});

describe('a map shared from this device and one joined by a link', () => {
  it('are told apart, across reads and new links of the same map', () => {
    const storage = memoryStorage();
    const maps = new SharedMaps(storage);
    maps.join({ room: ROOM, token: GOOD, access: 'edit', viewToken: VIEW }, 1, true);
    maps.join({ room: OTHER_ROOM, token: GOOD, access: 'edit' }, 2);
    const again = new SharedMaps(storage);
    expect(again.get(ROOM)?.sharedHere).toBe(true);
    expect(again.get(OTHER_ROOM)?.sharedHere).toBeUndefined();
    // Opening a link of the map shared from here (a view link, or a new token) keeps the mark.
    again.join({ room: ROOM, token: VIEW, access: 'view' }, 3);
    again.join({ room: ROOM, token: CUT, access: 'edit' }, 4);
    expect(again.get(ROOM)?.sharedHere).toBe(true);
  });
});
