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
  return { name: s.name.trim().slice(0, MAX_NAME_LENGTH), color, selection, pointer };
}

/** The other people in the map, from awareness states (this client left out), ordered by name. */
export function collaborators(states: ReadonlyMap<number, Record<string, unknown>>, selfId: number): Collaborator[] {
  const out: Collaborator[] = [];
  for (const [clientId, raw] of states) {
    if (clientId === selfId) continue;
    const s = readState(raw.presence);
    if (s) out.push({ clientId, ...s });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.clientId - b.clientId);
}

/** "Live · 3 people": this person and the others. */
export function peopleLabel(othersCount: number): string {
  const n = othersCount + 1;
  return n === 1 ? '1 person' : `${n} people`;
}
