/**
 * Links to shared maps: `/mindmap/shared/<room>#edit=<token>&view=<token>` (an edit link carries the
 * view token too, so whoever can edit can hand out a view link) or `#view=<token>`. Tokens sit in
 * the fragment, which browsers never send to a server, so they stay out of request logs.
 */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{21,64}$/;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export type Access = 'edit' | 'view';

export interface SharedMapRef {
  room: string;
  token: string;
  access: Access;
  /** The view token, known to whoever holds an edit link. */
  viewToken?: string;
}

export function sharedMapPath(room: string): string {
  return `/mindmap/shared/${room}`;
}

export function editLink(origin: string, room: string, editToken: string, viewToken: string): string {
  return `${origin}${sharedMapPath(room)}#edit=${editToken}&view=${viewToken}`;
}

export function viewLink(origin: string, room: string, viewToken: string): string {
  return `${origin}${sharedMapPath(room)}#view=${viewToken}`;
}

/** The access a link's fragment grants, or null when it names none (or something malformed). */
export function parseShareFragment(room: string, fragment: string): SharedMapRef | null {
  if (!ROOM_ID_PATTERN.test(room)) return null;
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const edit = params.get('edit');
  const view = params.get('view');
  const valid = (t: string | null): t is string => t !== null && TOKEN_PATTERN.test(t);
  if (valid(edit)) return { room, token: edit, access: 'edit', ...(valid(view) ? { viewToken: view } : {}) };
  if (valid(view)) return { room, token: view, access: 'view', viewToken: view };
  return null;
}

/**
 * The server's refusal of a link itself (a wrong or stale token, another map's link): final. Its
 * other refusals (too many maps open, its store down) are its state at the time, and tried again.
 */
export const LINK_REFUSED = 'This link does not open this map';
