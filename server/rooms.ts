/**
 * Shared maps ("rooms"): an unguessable id (nanoid: 21 characters from the platform's secure random
 * source) and two tokens, one that can edit and one that can only view. The server keeps only the
 * tokens' SHA-256 hashes and compares them in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { nanoid } from 'nanoid';
import type { DocStore } from './storage/docStore';

export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{21,64}$/;
const TOKEN_LENGTH = 32;

export type Access = 'edit' | 'view';

export interface NewRoom {
  room: string;
  editToken: string;
  viewToken: string;
}

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export class RoomLimitError extends Error {}

/** The room being created in each store: one at a time, so that two at once cannot both take the last place. */
const creating = new WeakMap<DocStore, Promise<unknown>>();

export function createRoom(store: DocStore, maxRooms: number): Promise<NewRoom> {
  const job = (creating.get(store) ?? Promise.resolve()).then(() => createOneRoom(store, maxRooms));
  creating.set(store, job.catch(() => undefined));
  return job;
}

async function createOneRoom(store: DocStore, maxRooms: number): Promise<NewRoom> {
  if ((await store.countRooms()) >= maxRooms) throw new RoomLimitError('This server holds as many shared maps as it is set to keep');
  const room = nanoid(21);
  const editToken = nanoid(TOKEN_LENGTH);
  const viewToken = nanoid(TOKEN_LENGTH);
  await store.putRoom(room, { editHash: hash(editToken), viewHash: hash(viewToken), createdAt: Date.now() });
  return { room, editToken, viewToken };
}

/** What a token allows in a room; null when the room does not exist or the token is not one of its own. */
export async function accessFor(store: DocStore, room: string, token: string): Promise<Access | null> {
  if (!ROOM_ID_PATTERN.test(room) || typeof token !== 'string' || token.length === 0 || token.length > 256) return null;
  const record = await store.getRoom(room);
  if (!record) return null;
  const h = hash(token);
  if (sameHash(h, record.editHash)) return 'edit';
  if (sameHash(h, record.viewHash)) return 'view';
  return null;
}
