/** What /mindmap/shared/<room> opens for each kind of link, and what it says when it opens nothing. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SharedMaps } from '../../../src/state/sync/sharedMaps';
import { resolveSharedMap } from '../../../src/ui/editor/share/sharedRoute';

const ROOM = 'V1StGXR8_Z5jdHi6B-myT';
const EDIT = 'e'.repeat(32);
const VIEW = 'v'.repeat(32);

const INCOMPLETE_LINK_MESSAGE = 'This link is not a complete MindFlow share link: ask the person who shared it to copy it again.';
const NEEDS_LINK_MESSAGE = 'This shared map opens with its link. Ask the person who shared it for the edit or view link.';

let storage: Map<string, string>;
let addresses: string[];

beforeEach(() => {
  storage = new Map();
  addresses = [];
  (globalThis as { window?: unknown }).window = {
    localStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) },
    history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => addresses.push(url) },
  };
});

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const device = () => new SharedMaps((globalThis as unknown as { window: { localStorage: Storage } }).window.localStorage);

describe('a shared map address', () => {
  it('with a whole link opens the map and takes the token out of the address', () => {
    expect(resolveSharedMap(ROOM, `#edit=${EDIT}&view=${VIEW}`)).toEqual({
      kind: 'shared',
      ref: { room: ROOM, token: EDIT, access: 'edit', viewToken: VIEW, joinedAt: expect.any(Number) },
    });
    expect(addresses).toEqual([`/mindmap/shared/${ROOM}`]);
  });

  it.each([
    ['a malformed room id', 'bad!room$$', `#edit=${EDIT}`],
    ['a room id cut short', 'abc', `#edit=${EDIT}&view=${VIEW}`],
    ['an empty token', ROOM, '#edit='],
    ['a token cut short', ROOM, '#edit=eeee'],
    ['a fragment that is no link', ROOM, '#hello'],
    ['a malformed room id and no fragment', 'bad!room$$', ''],
  ])('with %s says the link is not a complete share link', (_, room, hash) => {
    expect(resolveSharedMap(room, hash)).toEqual({ kind: 'missing', message: INCOMPLETE_LINK_MESSAGE });
    expect(device().current()).toBeNull();
  });

  it('with no fragment and no link on this device asks for the link', () => {
    expect(resolveSharedMap(ROOM, '')).toEqual({ kind: 'missing', message: NEEDS_LINK_MESSAGE });
  });

  it('with a fragment that is no link opens the map with the link this device has, unchanged', () => {
    device().join({ room: ROOM, token: EDIT, access: 'edit', viewToken: VIEW }, 1);
    device().leave();
    expect(resolveSharedMap(ROOM, '#edit=')).toEqual({ kind: 'shared', ref: { room: ROOM, token: EDIT, access: 'edit', viewToken: VIEW, joinedAt: 1 } });
    expect(device().current()?.room).toBe(ROOM);
  });
});
