/**
 * The edges of big families, held in the edge tree by what each one draws alone.
 *
 * Why: every edge of a topic with 50,000 children runs along one trunk from the source, so a tile
 * anywhere beside that trunk met all 50,000 edges and rebuilding it took tens of milliseconds. Among
 * the edges that share a trunk and a look, the one reaching farthest draws the whole trunk and the
 * source corner; the tree holds it with its whole box and every other one with its turn and run to
 * its own child (ownStepRect), so a query finds the edges that have something of their own there.
 * Families under FAN_MIN edges keep whole boxes.
 *
 * What a tile draws does not change: where it skips a group's farthest edge (hidden by a search,
 * selected, moving) it draws the group's other edges from `skippedFar` instead.
 */
import { ownStepRect, stepTrunkShape, type TrunkShape } from '../edges/edgeRouting';
import type { Rect } from '../geometry';
import type { EdgeBox } from './sceneIndex';

/** From this many edges leaving one topic, its edges are held by their own parts. */
export const FAN_MIN = 64;

/** Edges of one source sharing a trunk and a look. */
interface Group {
  source: string;
  key: string;
  /** What the key is made of, compared before a key is built (sameGroup). */
  dir: string;
  sx: number;
  sy: number;
  mid2: number;
  side: number;
  stroke: unknown;
  strokeWidth: unknown;
  members: Set<string>;
  /** The member reaching farthest along the trunk (null while it has to be found again). */
  far: string | null;
  reach: number;
}

interface Fan {
  /** Edges leaving the source. */
  count: number;
  /** Trunk groups by key; null while the family is under FAN_MIN. */
  groups: Map<string, Group> | null;
  /** The group an edge last joined: a family's edges mostly come in runs that share one. */
  last: Group | null;
}

function sameGroup(g: Group, box: EdgeBox, t: TrunkShape): boolean {
  const r = box.route;
  return g.dir === r.dir && g.sx === r.sx && g.sy === r.sy && g.mid2 === t.mid2 && g.side === t.side && g.stroke === box.stroke && g.strokeWidth === box.strokeWidth;
}

export class EdgeFans {
  /** By source. Why counts, not member lists: at 100k topics nearly every family is small. */
  private fans = new Map<string, Fan>();
  private groupOf = new Map<string, Group>();
  private reachOf = new Map<string, number>();
  /** Edges whose rect in the tree may differ from what it holds: placed by `flush`. */
  private touched = new Set<string>();
  /** Groups that lost their farthest edge: it is found again by `flush`. */
  private farLost = new Set<Group>();
  /** Sources whose family reached FAN_MIN: grouped by `flush`, all in one pass over the edges. */
  private toGroup = new Set<string>();
  private readonly shape: TrunkShape = { mid2: 0, side: 0, reach: 0 };
  /**
   * Whether edges are drawn as steps, whose trunks siblings share. Straight edges share nothing:
   * every edge is then held whole (the groups are kept, for when steps come back).
   */
  shared = true;

  /** `boxes`: every edge's routed box, read when a family grows past FAN_MIN. */
  constructor(private readonly boxes: ReadonlyMap<string, EdgeBox>) {}

  /** The rect the tree should hold for an edge with this box. */
  rectOf(eid: string, box: EdgeBox): Rect {
    if (!this.shared) return box;
    const g = this.groupOf.get(eid);
    if (!g || g.far === eid || g.far === null) return box;
    return ownStepRect(box.route, Number.POSITIVE_INFINITY) ?? box;
  }

  /**
   * The members of the group whose farthest edge this is, when it has others: what a drawing that
   * skips this edge draws instead of it. Null for any other edge.
   */
  skippedFar(eid: string): ReadonlySet<string> | null {
    if (!this.shared) return null;
    const g = this.groupOf.get(eid);
    return g && g.far === eid && g.members.size > 1 ? g.members : null;
  }

  /** Forgets everything and groups every edge of the boxes (nothing left to flush). */
  reset(): void {
    this.fans.clear();
    this.groupOf.clear();
    this.reachOf.clear();
    this.farLost.clear();
    this.toGroup.clear();
    for (const box of this.boxes.values()) {
      const fan = this.fans.get(box.source);
      if (fan) fan.count++;
      else this.fans.set(box.source, { count: 1, groups: null, last: null });
    }
    for (const [eid, box] of this.boxes) {
      const fan = this.fans.get(box.source)!;
      if (fan.count < FAN_MIN) continue;
      fan.groups ??= new Map();
      this.joinGroup(fan, box.source, eid, box);
    }
    this.touched.clear();
  }

  /** An edge came (`old` undefined) or its box changed from `old`. */
  set(eid: string, box: EdgeBox, old: EdgeBox | undefined): void {
    if (old && old.source !== box.source) {
      this.remove(eid, old);
      old = undefined;
    }
    let fan = this.fans.get(box.source);
    if (!fan) this.fans.set(box.source, (fan = { count: 0, groups: null, last: null }));
    if (!old) fan.count++;
    this.touched.add(eid);
    if (fan.groups === null) {
      if (fan.count >= FAN_MIN) this.toGroup.add(box.source);
      return;
    }
    const t = this.shape;
    const was = this.groupOf.get(eid);
    if (was && !box.animated && !box.link && stepTrunkShape(box.route, t) && sameGroup(was, box, t)) {
      this.moveWithin(was, eid, t.reach);
      return;
    }
    this.leaveGroup(eid);
    this.joinGroup(fan, box.source, eid, box);
  }

  /** A member whose trunk stays the one its group shares now reaches `reach`. */
  private moveWithin(g: Group, eid: string, reach: number): void {
    this.reachOf.set(eid, reach);
    if (this.farLost.has(g)) return;
    if (g.far === eid) {
      // Shorter now: another member may reach farther.
      if (reach < g.reach) {
        g.far = null;
        g.reach = -1;
        this.farLost.add(g);
      } else g.reach = reach;
    } else if (reach > g.reach) {
      if (g.far !== null) this.touched.add(g.far);
      g.far = eid;
      g.reach = reach;
    }
  }

  /** The edge with this box went. */
  remove(eid: string, box: EdgeBox): void {
    const fan = this.fans.get(box.source);
    if (!fan) return;
    this.leaveGroup(eid);
    this.touched.delete(eid);
    fan.count--;
    if (fan.count <= 0) {
      this.fans.delete(box.source);
      this.toGroup.delete(box.source);
    }
    // Half of FAN_MIN: a family that shrinks and grows around the threshold is not regrouped each time.
    else if (fan.groups !== null && fan.count < FAN_MIN / 2) this.ungroup(fan);
  }

  /** Finds lost farthest edges again and hands every edge whose rect may have changed to `place`. */
  flush(place: (eid: string) => void): void {
    if (this.toGroup.size > 0) this.groupAll();
    for (const g of this.farLost) {
      let far: string | null = null;
      let reach = -1;
      for (const e of g.members) {
        const r = this.reachOf.get(e)!;
        if (r > reach) {
          reach = r;
          far = e;
        }
      }
      g.far = far;
      g.reach = reach;
      if (far !== null) this.touched.add(far);
    }
    this.farLost.clear();
    for (const eid of this.touched) place(eid);
    this.touched.clear();
  }

  /**
   * Families that reached FAN_MIN: their edges are found among all, in one pass however many
   * families grew (an undone delete can bring back hundreds at once).
   */
  private groupAll(): void {
    const growing = new Map<string, Fan>();
    for (const source of this.toGroup) {
      const fan = this.fans.get(source);
      if (fan && fan.groups === null && fan.count >= FAN_MIN) {
        fan.groups = new Map<string, Group>();
        growing.set(source, fan);
      }
    }
    this.toGroup.clear();
    if (growing.size === 0) return;
    for (const [eid, box] of this.boxes) {
      const fan = growing.get(box.source);
      if (!fan) continue;
      this.joinGroup(fan, box.source, eid, box);
      this.touched.add(eid);
    }
  }

  private ungroup(fan: Fan): void {
    for (const g of fan.groups!.values()) {
      this.farLost.delete(g);
      for (const eid of g.members) {
        this.groupOf.delete(eid);
        this.reachOf.delete(eid);
        this.touched.add(eid);
      }
    }
    fan.groups = null;
    fan.last = null;
  }

  private joinGroup(fan: Fan, source: string, eid: string, box: EdgeBox): void {
    const t = this.shape;
    // Animated edges are drawn by the overlay from what a view query finds, and a connection dashed on
    // its own (TileLayer): each keeps its whole box.
    if (box.animated || box.link || !stepTrunkShape(box.route, t)) return;
    let g = fan.last !== null && sameGroup(fan.last, box, t) ? fan.last : undefined;
    if (!g) {
      const r = box.route;
      const key = `${r.dir}|${r.sx}|${r.sy}|${t.mid2}|${t.side}|${String(box.stroke)}|${String(box.strokeWidth)}`;
      g = fan.groups!.get(key);
      if (!g) {
        g = { source, key, dir: r.dir, sx: r.sx, sy: r.sy, mid2: t.mid2, side: t.side, stroke: box.stroke, strokeWidth: box.strokeWidth, members: new Set(), far: null, reach: -1 };
        fan.groups!.set(key, g);
      }
    }
    fan.last = g;
    g.members.add(eid);
    this.groupOf.set(eid, g);
    this.reachOf.set(eid, t.reach);
    if (this.farLost.has(g) || t.reach <= g.reach) return;
    if (g.far !== null) this.touched.add(g.far);
    g.far = eid;
    g.reach = t.reach;
  }

  private leaveGroup(eid: string): void {
    const g = this.groupOf.get(eid);
    if (!g) return;
    g.members.delete(eid);
    this.groupOf.delete(eid);
    this.reachOf.delete(eid);
    if (g.members.size === 0) {
      this.farLost.delete(g);
      const fan = this.fans.get(g.source);
      fan?.groups?.delete(g.key);
      if (fan?.last === g) fan.last = null;
    } else if (g.far === eid) {
      g.far = null;
      g.reach = -1;
      this.farLost.add(g);
    }
  }
}

/** What a drawing of edges asks (a tile: TileLayer.ts). */
export interface FanDrawSource {
  edgeBoxes: ReadonlyMap<string, EdgeBox>;
  isVisible(id: string): boolean;
  /** Drawn elsewhere (the overlay): selected, moving or animated. */
  isDynamicEdgeId(id: string, animated: boolean): boolean;
  skippedFar(eid: string): ReadonlySet<string> | null;
}

/** Whether a tile draws this edge itself: both ends shown, and not drawn by the overlay. */
export function drawable(eid: string, box: EdgeBox, src: FanDrawSource): boolean {
  return src.isVisible(box.source) && src.isVisible(box.target) && !src.isDynamicEdgeId(eid, box.animated);
}

/**
 * For a found edge that is not drawable: its big family, when it is the edge that draws the family's
 * trunk (its others are then drawn instead, see drawnEdges); null otherwise. A hidden source hides its
 * whole family.
 */
export function skippedFamily(eid: string, box: EdgeBox, src: FanDrawSource): ReadonlySet<string> | null {
  return src.isVisible(box.source) ? src.skippedFar(eid) : null;
}

/** The drawable edges of skipped families that the query did not find itself, appended to `out`. */
export function familyEdges(found: readonly string[], skipped: readonly ReadonlySet<string>[], src: FanDrawSource, out: EdgeBox[]): EdgeBox[] {
  const seen = new Set(found);
  for (const family of skipped) {
    for (const eid of family) {
      if (seen.has(eid)) continue;
      seen.add(eid);
      const box = src.edgeBoxes.get(eid);
      if (box && drawable(eid, box, src)) out.push(box);
    }
  }
  return out;
}

/**
 * The edges to draw among those a query of the edge tree found, as their boxes: each drawable one
 * and, where the edge that draws a big family's trunk is skipped (hidden by a search, selected,
 * moving), the family's other drawable edges, which the query found only by their own parts. Fills
 * `out`.
 */
export function drawnEdges(found: readonly string[], src: FanDrawSource, out: EdgeBox[]): EdgeBox[] {
  out.length = 0;
  let skipped: ReadonlySet<string>[] | null = null;
  for (const eid of found) {
    const box = src.edgeBoxes.get(eid);
    if (!box) continue;
    if (drawable(eid, box, src)) out.push(box);
    else {
      const family = skippedFamily(eid, box, src);
      if (family) (skipped ??= []).push(family);
    }
  }
  return skipped ? familyEdges(found, skipped, src, out) : out;
}
