/**
 * Presence: who else is in a shared map, in which colour, which topic they have selected and where
 * their pointer is over the canvas. Each client publishes its own state (Yjs awareness); what comes
 * from others is read defensively, since any client can publish anything.
 */
import { MAX_NAME_LENGTH } from './sharedMaps';

export interface PresenceState {
  name: string;
  color: string;
  /** The topic this person has selected. */
  selection: string | null;
  /** Their pointer in map coordinates while it is over the canvas. */
  pointer: { x: number; y: number } | null;
  /** Who they are across their tabs (one id per browser profile): one person with two tabs counts once. */
  person?: string;
  /** When they came in (ms since the epoch, their clock): who keeps a colour two people show. */
  since?: number;
}

export interface Collaborator extends PresenceState {
  clientId: number;
}

/** Colours for people: readable on both themes, distinct from one another. */
export const PRESENCE_COLORS = ['#f97316', '#22c55e', '#3b82f6', '#ec4899', '#eab308', '#14b8a6', '#a855f7', '#ef4444'] as const;

export function colorFor(seed: number): string {
  return PRESENCE_COLORS[Math.abs(Math.trunc(seed)) % PRESENCE_COLORS.length];
}

const HEX = /^#[0-9a-fA-F]{6}$/;

function readState(v: unknown): PresenceState | null {
  if (!v || typeof v !== 'object') return null;
  const s = v as Record<string, unknown>;
  if (typeof s.name !== 'string' || !s.name.trim()) return null;
  const color = typeof s.color === 'string' && HEX.test(s.color) ? s.color : PRESENCE_COLORS[0];
  const selection = typeof s.selection === 'string' && s.selection.length <= 256 ? s.selection : null;
  const p = s.pointer as { x?: unknown; y?: unknown } | null | undefined;
  const pointer =
    p && typeof p.x === 'number' && typeof p.y === 'number' && Number.isFinite(p.x) && Number.isFinite(p.y) ? { x: p.x, y: p.y } : null;
  const state: PresenceState = { name: s.name.trim().slice(0, MAX_NAME_LENGTH), color, selection, pointer };
  if (typeof s.person === 'string' && PERSON_ID.test(s.person)) state.person = s.person;
  if (typeof s.since === 'number' && Number.isFinite(s.since)) state.since = s.since;
  return state;
}

const PERSON_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Who a collaborator is: their person id, else (a client that sends none) their connection. */
function personOf(c: Collaborator): string {
  return c.person ?? `client:${c.clientId}`;
}

/** One entry per person (their first tab, by name order), for the people list and its count. */
export function distinctPeople(others: readonly Collaborator[]): Collaborator[] {
  const seen = new Set<string>();
  return others.filter((c) => {
    const key = personOf(c);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The other people in the map, one entry per tab, from awareness states, ordered by name. This
 * client is left out, and so are this person's other tabs (`selfPerson`).
 */
export function collaborators(states: ReadonlyMap<number, Record<string, unknown>>, selfId: number, selfPerson?: string): Collaborator[] {
  const out: Collaborator[] = [];
  for (const [clientId, raw] of states) {
    if (clientId === selfId) continue;
    const s = readState(raw.presence);
    if (s && (selfPerson === undefined || s.person !== selfPerson)) out.push({ clientId, ...s });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.clientId - b.clientId);
}

/** "Live · 3 people": this person and the others. */
export function peopleLabel(othersCount: number): string {
  const n = othersCount + 1;
  return n === 1 ? '1 person' : `${n} people`;
}

/**
 * This person's colour, or a free one when someone who came in earlier shows the same: colours come
 * from names over a few hues, so two people (two "Guest"s) often share one. The one who came in
 * later (by `since`; the client id breaks ties) takes the first colour nobody shows; with every colour
 * taken, it stays.
 */
export function colourAvoiding(mine: string, self: { clientId: number; since?: number }, others: readonly Pick<Collaborator, 'clientId' | 'color' | 'since'>[]): string {
  const before = (p: { clientId: number; since?: number }) => {
    const a = p.since ?? 0;
    const b = self.since ?? 0;
    return a < b || (a === b && p.clientId < self.clientId);
  };
  if (!others.some((p) => p.color === mine && before(p))) return mine;
  return PRESENCE_COLORS.find((c) => !others.some((p) => p.color === c)) ?? mine;
}
