/**
 * Topic views on screen: pooled NodeViews (NodeView.ts, pool.ts) for the shown topics in the
 * viewport at the detail levels, re-bound only when dirty, and the per-frame topic animations.
 */
import type { Container } from 'pixi.js';
import { childIds, getNode, type MindMapState } from '../../state/doc';
import { animationFrame, normalizeAnimation, REST, seedOf, type AnimationFrame } from '../anim/animations';
import { expandRect, finiteOr, type Rect } from '../geometry';
import { MAX_NODE_VIEWS, type Lod } from '../render/lod';
import type { MetricsCache } from './nodeMetrics';
import { NodeView, type BindContext } from './NodeView';
import { Pool } from './pool';
import type { SpatialIndex } from '../spatial/spatialIndex';

/** What one sync reads from the frame. */
export interface ViewFrame {
  view: Rect;
  state: MindMapState;
  cameraMoved: boolean;
  zoom: number;
  lod: Lod;
  bind: BindContext;
  visible: ReadonlySet<string>;
  matches: ReadonlySet<string>;
  draggingId: string | null;
  /** The keyboard-focused topic while the tree has focus, else null. */
  focusId: string | null;
}

export class TopicViews {
  private views = new Map<string, NodeView>();
  private pool: Pool<NodeView>;
  /** Topics whose view is re-bound in the next sync. */
  readonly dirty = new Set<string>();
  /** Re-bind every view in the next sync (theme, level of detail, images, search). */
  allDirty = true;
  /** Which topics are on screen may have changed: query the index again in the next sync. */
  stale = true;
  private stamp = 0;
  private found: string[] = [];
  private animationsWereOn = false;
  private anim: AnimationFrame = { ...REST };

  constructor(layer: Container, private readonly nodeIndex: SpatialIndex, private readonly metrics: MetricsCache) {
    this.pool = new Pool<NodeView>(
      {
        create: () => {
          const v = new NodeView();
          layer.addChild(v.root);
          return v;
        },
        reset: (v) => v.release(),
        dispose: (v) => {
          layer.removeChild(v.root);
          v.destroy();
        },
      },
      400,
    );
  }

  get(id: string): NodeView | undefined {
    return this.views.get(id);
  }

  get size(): number {
    return this.views.size;
  }

  get pooled(): number {
    return this.pool.freeCount;
  }

  /** Releases every view and marks everything for a fresh sync (full rebuild). */
  reset(): void {
    for (const v of this.views.values()) this.pool.release(v);
    this.views.clear();
    this.dirty.clear();
    this.allDirty = true;
    this.stale = true;
  }

  /** Pooled views for the shown topics on screen: acquire new ones, re-bind dirty ones, release the rest. */
  sync(f: ViewFrame): void {
    if (f.lod === 'shape') {
      if (this.views.size) {
        for (const v of this.views.values()) this.pool.release(v);
        this.views.clear();
      }
      this.dirty.clear();
      return;
    }
    if (!f.cameraMoved && !this.stale && !this.allDirty && this.dirty.size === 0) return;
    const s = f.state;
    const stamp = ++this.stamp;
    const vis = f.visible;
    const searching = s.searchQuery.trim() !== '';
    const matches = f.matches;
    const margin = 40 / f.zoom;
    this.found.length = 0;
    this.nodeIndex.search(expandRect(f.view, margin), this.found, (id) => vis.has(id));
    // The dragged/selected topic stays alive even past the cap.
    let count = 0;
    for (const id of this.found) {
      if (count >= MAX_NODE_VIEWS && id !== s.selectedNodeId && id !== f.draggingId) continue;
      count++;
      let v = this.views.get(id);
      let fresh = false;
      if (!v) {
        v = this.pool.acquire();
        this.views.set(id, v);
        fresh = true;
      }
      v.stamp = stamp;
      if (fresh || this.allDirty || this.dirty.has(id)) {
        const n = getNode(s, id);
        if (!n) continue;
        const m = this.metrics.get(id, n.data?.label);
        const selected = s.selectedNodeId === id;
        const focused = f.focusId === id;
        v.bind(
          n,
          m,
          {
            selected,
            focused,
            match: searching && matches.has(id),
            dimmed: searching && !matches.has(id),
            hasChildren: childIds(s, id).length > 0,
          },
          f.bind,
        );
        v.root.position.set(finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0));
        const z = f.draggingId === id ? 3 : selected ? 2 : focused ? 1 : 0;
        if (v.root.zIndex !== z) v.root.zIndex = z;
        v.animate(REST);
      }
    }
    for (const [id, v] of this.views) {
      if (v.stamp !== stamp) {
        this.pool.release(v);
        this.views.delete(id);
      }
    }
    this.dirty.clear();
    this.allDirty = false;
    this.stale = false;
  }

  /** Runs the topic animations on the views on screen; returns whether any is moving. */
  animate(now: number, paused: boolean, draggingId: string | null): boolean {
    if (paused) {
      if (this.animationsWereOn) {
        for (const v of this.views.values()) v.animate(REST);
        this.animationsWereOn = false;
      }
      return false;
    }
    let any = false;
    for (const [id, v] of this.views) {
      const a = normalizeAnimation(v.animation);
      if (a === 'none' || id === draggingId) continue;
      v.animate(animationFrame(a, now, seedOf(id), this.anim));
      any = true;
    }
    this.animationsWereOn = any;
    return any;
  }

  destroy(): void {
    for (const v of this.views.values()) v.destroy();
    this.views.clear();
    this.pool.drain();
  }
}
