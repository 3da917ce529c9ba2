/**
 * "Share": the current local map becomes a shared one. The server creates the room (an unguessable
 * id and two tokens); the map is sent to the server and copied into the room's own database on
 * this device before the page opens the shared map, so it never opens an empty one. The local map
 * stays as it was.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { browserLocks, DocPersistence } from '../../../state/storage/docPersistence';
import { SharedMaps } from '../../../state/sync/sharedMaps';
import { editLink, sharedMapPath, type SharedMapRef } from '../../../state/sync/shareLinks';
import { sharedDbName } from '../../earlyRead';
import { syncUrl } from './syncConnection';

const UPLOAD_TIMEOUT_MS = 60_000;

export const NO_SERVER_TITLE = 'Sharing needs the MindFlow server';
export function noServerMessage(origin: string): string {
  return `No sync server answered at ${origin}. Start MindFlow with "npm start" (it serves the app and the sync server) to share maps; this map stays in this browser.`;
}

/** Set before opening the shared map, so its page opens the "Share map" dialog. */
export const OPEN_SHARE_DIALOG_KEY = 'mindflow-open-share-dialog';

interface CreatedRoom {
  room: string;
  editToken: string;
  viewToken: string;
}

export class ShareError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

async function createRoom(origin: string): Promise<CreatedRoom> {
  let res: Response;
  try {
    res = await fetch(`${origin}/api/rooms`, { method: 'POST', headers: { Accept: 'application/json' } });
  } catch {
    throw new ShareError(NO_SERVER_TITLE, noServerMessage(origin));
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new ShareError(NO_SERVER_TITLE, noServerMessage(origin));
  const body = (await res.json().catch(() => null)) as Partial<CreatedRoom & { error: string }> | null;
  if (!res.ok || !body?.room || !body.editToken || !body.viewToken) {
    throw new ShareError('The map could not be shared', body?.error ?? `The server answered ${res.status}.`);
  }
  return body as CreatedRoom;
}

/** Copies the map into the shared map's database on this device. */
async function seedRoomDatabase(room: string, state: Uint8Array): Promise<void> {
  const persistence = new DocPersistence({
    doc: new Y.Doc(),
    factory: typeof indexedDB === 'undefined' ? null : indexedDB,
    dbName: sharedDbName(room),
    seed: (d) => Y.applyUpdate(d, state),
    withLock: browserLocks(),
  });
  await persistence.load();
  await persistence.flush();
}

/** Sends the map to the new room and resolves once the server has acknowledged all of it. */
function upload(room: string, token: string, state: Uint8Array): Promise<void> {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const socket = new HocuspocusProviderWebsocket({ url: syncUrl(), delay: 500, minDelay: 250, maxAttempts: 3 });
  return new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = (error: Error | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      provider.destroy();
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new ShareError('The map could not be shared', 'The server did not take the map in time.')), UPLOAD_TIMEOUT_MS);
    const provider: HocuspocusProvider = new HocuspocusProvider({
      websocketProvider: socket,
      name: room,
      document: doc,
      token,
      onAuthenticationFailed: ({ reason }) => finish(new ShareError('The map could not be shared', reason)),
      onSynced: ({ state: synced }) => {
        if (synced && !provider.hasUnsyncedChanges) finish(null);
      },
      onUnsyncedChanges: ({ number }) => {
        if (number === 0 && provider.isSynced) finish(null);
      },
    });
    provider.attach();
  });
}

export async function startSharing(doc: Y.Doc, origin = window.location.origin): Promise<string> {
  const created = await createRoom(origin);
  const state = Y.encodeStateAsUpdate(doc);
  await upload(created.room, created.editToken, state);
  await seedRoomDatabase(created.room, state);
  const ref: SharedMapRef = { room: created.room, token: created.editToken, access: 'edit', viewToken: created.viewToken };
  new SharedMaps(window.localStorage).join(ref, Date.now(), true);
  sessionStorage.setItem(OPEN_SHARE_DIALOG_KEY, created.room);
  const link = editLink(origin, created.room, created.editToken, created.viewToken);
  return `${sharedMapPath(created.room)}${new URL(link).hash}`;
}
