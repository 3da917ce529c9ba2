/**
 * Decides what Overlay.ts draws each frame: the dynamic edges (the selection's and a dragged topic's,
 * animated edges on screen, edges of tweening topics), far-out highlight rings, the connection
 * preview and the hover card. Dynamic edges are left out of the static tiles while they are dynamic.
 */
import { edgeIdsOf, getEdge, getNode, type MindMapState } from '../../state/doc';
import { MIDDLE_EDGE_COLOR, type MindEdge } from '../../state/model';
import { edgeLook } from '../../state/views';
import type { SharedContexts } from '../render/assets';
import { NODE_HEIGHT, type ThemeColors } from '../constants';
import { routeEdge, type EdgeRoute } from '../edges/edgeRouting';
import { finiteOr, parseColor, type Rect } from '../geometry';
import type { Hit } from '../input/PointerInput';
import type { Lod } from '../render/lod';
import { handleCenter } from '../topics/nodeLayout';
import type { MetricsCache } from '../topics/nodeMetrics';
import type { Overlay, OverlayEdge } from './Overlay';
import type { PositionTween } from '../anim/positionTween';
import type { ConnectionPreview } from '../input/sceneInput';
import type { SpatialIndex } from '../spatial/spatialIndex';
import { pickOverlayEdgeIds } from './overlayEdgeIds';
import type { EdgeBox } from '../spatial/sceneIndex';
import { DynFan } from './dynFan';

/** Up to this many dynamic edges are drawn whole; beyond, only those on screen (overlayEdgeIds.ts). */
export const DYN_WALK_LIMIT = 256;

export interface OverlayDeps {
  overlay: Overlay;
  edgeIndex: SpatialIndex;
  /** The routed boxes the edge index holds, by edge id. */
  edgeBoxes: ReadonlyMap<string, EdgeBox>;
  metrics: MetricsCache;
  tween: PositionTween;
  /** An edge became or stopped being dynamic: the tiles under it are drawn again. */
  invalidateEdgeTiles(eid: string): void;
  /** The tiles meeting this rect are drawn again. */
  invalidateTiles(r: Rect): void;
}

/** What one draw reads from the frame. */
export interface OverlayFrame {
  now: number;
  view: Rect;
  state: MindMapState;
  cameraMoved: boolean;
  lod: Lod;
  zoom: number;
  colors: ThemeColors;
  contexts: SharedContexts;
  edgeStyle: 'smoothstep' | 'straight';
  /** Motion is off (performance mode, reduced motion, far out). */
  paused: boolean;
  visible: ReadonlySet<string>;
  hover: Hit | null;
  preview: ConnectionPreview | null;
  draggingId: string | null;
  /** The keyboard-focused topic while the tree has focus, else null. */
  focusId: string | null;
}

export class OverlayPainter {
  /** Something the overlay shows changed: rebuild it in the next draw. */
  dirty = true;
  private dyn = new Set<string>();
  private list: OverlayEdge[] = [];
  private animated = false;
  private found: string[] = [];
  /** Drawn edges by id, valid until the next dirty draw: a camera move alone re-picks, not re-routes. */
  private built = new Map<string, OverlayEdge>();
  private builtZoom = 0;
  /** A dynamic set too big to walk, cut to what each edge alone draws; valid for fanOf. */
  private readonly fan = new DynFan();
  private fanOf: { dyn: Set<string>; state: MindMapState; style: string } | null = null;
  private fanFound: string[] = [];

  constructor(private readonly deps: OverlayDeps) {}

  /** Edges drawn by the overlay instead of the tiles: the selection's and the dragged topic's. */
  get dynEdges(): Set<string> {
    return this.dyn;
  }

  private computeDynEdges(s: MindMapState, draggingId: string | null): Set<string> {
    const out = new Set<string>();
    if (s.selectedNodeId) for (const e of edgeIdsOf(s, s.selectedNodeId)) out.add(e);
    if (draggingId) for (const e of edgeIdsOf(s, draggingId)) out.add(e);
    return out;
  }

  /** After a full rebuild: the tiles are rebuilt anyway. */
  resetDynEdges(s: MindMapState, draggingId: string | null): void {
    this.dyn = this.computeDynEdges(s, draggingId);
  }

  /** The selection or the dragged topic changed: tiles under edges that moved in or out are redrawn. */
  refreshDynEdges(s: MindMapState, draggingId: string | null): void {
    const next = this.computeDynEdges(s, draggingId);
    const changed: string[] = [];
    for (const e of this.dyn) if (!next.has(e)) changed.push(e);
    for (const e of next) if (!this.dyn.has(e)) changed.push(e);
    if (changed.length > DYN_WALK_LIMIT) {
      // A big family: its edges' boxes overlap along the trunk, and marking the tiles under each box
      // in turn walked every tile once per edge. One box around them all marks the same tiles where
      // the family is dense, and a few more where it is not.
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      for (const eid of changed) {
        const b = this.deps.edgeBoxes.get(eid);
        if (!b) continue;
        if (b.minX < minX) minX = b.minX;
        if (b.minY < minY) minY = b.minY;
        if (b.maxX > maxX) maxX = b.maxX;
        if (b.maxY > maxY) maxY = b.maxY;
      }
      if (minX <= maxX) this.deps.invalidateTiles({ minX, minY, maxX, maxY });
    } else for (const e of changed) this.deps.invalidateEdgeTiles(e);
    this.dyn = next;
    this.dirty = true;
  }

  private edgeEnds(e: MindEdge, s: MindMapState): EdgeRoute | null {
    const a = getNode(s, e.source);
    const b = getNode(s, e.target);
    if (!a || !b) return null;
    const { tween, metrics } = this.deps;
    // Drawn positions: a layout tween in progress draws topics between old and new places.
    const now = performance.now();
    const pa = tween.at(e.source, now);
    const pb = tween.at(e.target, now);
    return routeEdge(s.settings?.layout, pa ? pa.x : finiteOr(a.position?.x, 0), pa ? pa.y : finiteOr(a.position?.y, 0), metrics.get(e.source, a.data?.label).width, NODE_HEIGHT, pb ? pb.x : finiteOr(b.position?.x, 0), pb ? pb.y : finiteOr(b.position?.y, 0), metrics.get(e.target, b.data?.label).width, NODE_HEIGHT);
  }

  /** Returns whether animated edges on screen need further frames. */
  draw(f: OverlayFrame): boolean {
    const { overlay, metrics } = this.deps;
    const s = f.state;
    const vis = f.visible;
    const shape = f.lod === 'shape';
    const bigDyn = this.dyn.size > DYN_WALK_LIMIT;
    // Far out the list follows the camera only when it comes from the index (a large dynamic set).
    if (this.dirty || (f.cameraMoved && (!shape || bigDyn))) {
      const list: OverlayEdge[] = [];
      // Far out the width follows the zoom.
      if (this.dirty || (shape && f.zoom !== this.builtZoom)) this.built.clear();
      this.builtZoom = f.zoom;
      const built = this.built;
      const add = (eid: string) => {
        const known = built.get(eid);
        if (known) {
          list.push(known);
          return;
        }
        const e = getEdge(s, eid);
        if (!e || !vis.has(e.source) || !vis.has(e.target)) return;
        const ends = this.edgeEnds(e, s);
        if (!ends) return;
        const look = edgeLook(s, e);
        const color = parseColor(look.color, e.animated ? parseColor(MIDDLE_EDGE_COLOR, 0x6366f1) : f.colors.defaultEdge);
        const edge = { ...ends, color, width: shape ? Math.max(look.width, 2 / f.zoom) : look.width, animated: look.animated };
        // Tweening edges move every frame: not kept.
        if (!this.deps.tween.edgeIds.has(eid)) built.set(eid, edge);
        list.push(edge);
      };
      this.found.length = 0;
      // Far out the index is not asked: it would return most of the map.
      if (!shape) this.deps.edgeIndex.search(f.view, this.found);
      let dynOnScreen: string[] | undefined;
      if (bigDyn) {
        const of = this.fanOf;
        if (!of || of.dyn !== this.dyn || of.state !== s || of.style !== f.edgeStyle) {
          this.fan.build(this.dyn, (eid) => this.deps.edgeBoxes.get(eid), f.edgeStyle === 'smoothstep');
          this.fanOf = { dyn: this.dyn, state: s, style: f.edgeStyle };
        }
        dynOnScreen = this.fan.onScreen(f.view, this.fanFound);
      } else this.fanOf = null;
      const ids = pickOverlayEdgeIds({
        onScreen: this.found,
        dyn: this.dyn,
        withAnimated: !shape,
        isAnimated: (eid) => getEdge(s, eid)?.animated === true,
        tweening: shape ? [] : this.deps.tween.edgeIds,
        walkLimit: DYN_WALK_LIMIT,
        dynOnScreen,
      });
      for (const eid of ids) add(eid);
      this.list = list;
      this.animated = list.some((e) => e.animated);
    }
    const moving = this.animated && !f.paused;
    if (this.dirty || f.cameraMoved || moving) {
      overlay.drawEdges(this.list, f.edgeStyle, moving ? f.now * 0.03 : 0, f.view, f.zoom);
    }
    if (this.dirty) {
      this.drawHighlights(f);
      const p = f.preview;
      if (p) {
        const n = getNode(s, p.from.id);
        const from = n ? handleCenter(metrics.get(p.from.id, n.data?.label).width, p.from.side) : null;
        overlay.drawPreview(from && n ? { x: n.position.x + from.x, y: n.position.y + from.y } : null, p.to, f.colors.focus);
      } else overlay.drawPreview(null, null, 0);
      const h = f.hover;
      const hn = h && f.lod !== 'shape' && !f.draggingId ? getNode(s, h.id) : null;
      overlay.setHover(hn && vis.has(hn.id) ? hn : null, hn ? metrics.get(hn.id, hn.data?.label).width : 0, f.lod === 'full', f.colors, f.contexts);
      this.dirty = false;
    }
    return moving;
  }

  /** At the far-out level there are no views: selection and focus get a ring here. */
  private drawHighlights(f: OverlayFrame): void {
    const { overlay, metrics } = this.deps;
    if (f.lod !== 'shape') {
      overlay.drawHighlights([]);
      return;
    }
    const s = f.state;
    const rings: Array<{ x: number; y: number; w: number; color: number; width: number }> = [];
    const add = (id: string | null, color: number) => {
      if (!id || !f.visible.has(id)) return;
      const n = getNode(s, id);
      if (!n) return;
      rings.push({ x: n.position.x, y: n.position.y, w: metrics.get(id, n.data?.label).width, color, width: 3 / f.zoom });
    };
    add(s.selectedNodeId, s.selectedNodeId ? parseColor(getNode(s, s.selectedNodeId)?.data?.color, 0x9b87f5) : 0);
    add(f.focusId, f.colors.focus);
    overlay.drawHighlights(rings);
  }
}
