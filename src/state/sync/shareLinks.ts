/**
 * Links to shared maps: `/mindmap/shared/<room>#edit=<token>` or `#view=<token>`. The token sits in
 * the fragment, which browsers never send to a server, so it stays out of request logs.
 */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{21,64}$/;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export type Access = 'edit' | 'view';

export interface SharedMapRef {
  room: string;
  token: string;
  access: Access;
}

export function sharedMapPath(room: string): string {
  return `/mindmap/shared/${room}`;
}

export function shareLink(origin: string, room: string, token: string, access: Access): string {
  return `${origin}${sharedMapPath(room)}#${access}=${token}`;
}

/** The access a link's fragment grants, or null when it names none (or something malformed). */
export function parseShareFragment(room: string, fragment: string): SharedMapRef | null {
  if (!ROOM_ID_PATTERN.test(room)) return null;
  const m = /^#?(edit|view)=([^&]+)$/.exec(fragment);
  if (!m || !TOKEN_PATTERN.test(m[2])) return null;
  return { room, token: m[2], access: m[1] as Access };
}
