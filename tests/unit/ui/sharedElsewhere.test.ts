import { describe, expect, it } from 'vitest';
import { SHARED_MAPS_KEY, SharedMaps } from '../../../src/state/sync/sharedMaps';
import { watchSharedElsewhere } from '../../../src/ui/editor/sharedElsewhere';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

/** A window whose localStorage another tab writes: the 'storage' event is sent by hand. */
function otherTabWindow() {
  const events = new EventTarget();
  const localStorage = memoryStorage();
  const win = { localStorage, addEventListener: events.addEventListener.bind(events), removeEventListener: events.removeEventListener.bind(events) };
  const storageEvent = (key: string | null) => events.dispatchEvent(Object.assign(new Event('storage'), { key }));
  return { win, storageEvent };
}

const room = 'R'.repeat(21);

describe('a map shared from another tab', () => {
  it('is heard when another tab makes a shared map the one /mindmap opens, and when it leaves it', () => {
    const { win, storageEvent } = otherTabWindow();
    const heard: Array<string | null> = [];
    const stop = watchSharedElsewhere((r) => heard.push(r), win as never);
    storageEvent('mindflow-something-else');
    expect(heard).toEqual([]);
    new SharedMaps(win.localStorage).join({ room, token: 't'.repeat(24), access: 'edit' });
    storageEvent(SHARED_MAPS_KEY);
    storageEvent(SHARED_MAPS_KEY);
    expect(heard).toEqual([room]);
    new SharedMaps(win.localStorage).leave();
    storageEvent(SHARED_MAPS_KEY);
    expect(heard).toEqual([room, null]);
    stop();
    new SharedMaps(win.localStorage).join({ room, token: 't'.repeat(24), access: 'edit' });
    storageEvent(SHARED_MAPS_KEY);
    expect(heard).toEqual([room, null]);
  });
});
