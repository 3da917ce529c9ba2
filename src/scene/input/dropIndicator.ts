/**
 * The drop indicator of drag-to-reparent, drawn over the topics: a ring round the topic that will
 * become the parent and a dashed ghost edge from it to the dragged topic ("child"), an insertion
 * bar beside a sibling plus a ghost edge from their parent ("before"/"after"), or a red ring with a
 * "no" sign when the drop is refused (onto the dragged topic's own branch).
 */
import { Graphics } from 'pixi.js';
import type { LayoutKind } from '../../state/doc';
import { dashSegments } from '../edges/edgePaths';
import { routedPolyline, routeEdge } from '../edges/edgeRouting';
import type { DropDecision } from './dropTarget';
import { stacksHorizontally } from './dropTarget';

export interface CardBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const REFUSED_COLOR = 0xef4444;

export class DropIndicator {
  readonly view = new Graphics();
  /** Signature of what is drawn, to skip redundant redraws. */
  private sig = '';

  constructor() {
    this.view.eventMode = 'none';
  }

  clear(): void {
    if (this.sig === '') return;
    this.sig = '';
    this.view.clear();
  }

  /**
   * Draws the indicator. `target` is the hovered topic's card, `parent` the card of the topic that
   * would become the parent (same as target for "child"), `dragged` the dragged topic's card.
   */
  draw(d: DropDecision, layout: LayoutKind, target: CardBox, parent: CardBox | null, dragged: CardBox, color: number, zoom: number): void {
    const sig = `${d.kind}|${d.kind === 'none' || d.kind === 'unchanged' ? '' : d.targetId}|${target.x},${target.y},${target.w}|${dragged.x},${dragged.y}|${zoom}|${color}`;
    if (sig === this.sig) return;
    this.sig = sig;
    const g = this.view;
    g.clear();
    if (d.kind === 'none' || d.kind === 'unchanged') return;
    // Constant on-screen thickness, whatever the zoom.
    const px = 1 / Math.max(0.05, zoom);
    const pad = 6 * px;
    if (d.kind === 'refused') {
      g.roundRect(target.x - pad, target.y - pad, target.w + 2 * pad, target.h + 2 * pad, 12).stroke({ width: 3 * px, color: REFUSED_COLOR });
      // A "no entry" sign at the card's top-right corner.
      const cx = target.x + target.w, cy = target.y, r = 9 * px;
      g.circle(cx, cy, r).fill({ color: 0xffffff }).stroke({ width: 2.5 * px, color: REFUSED_COLOR });
      g.moveTo(cx - r * 0.7, cy + r * 0.7).lineTo(cx + r * 0.7, cy - r * 0.7).stroke({ width: 2.5 * px, color: REFUSED_COLOR });
      return;
    }
    const ghostFrom = d.kind === 'child' ? target : parent;
    if (d.kind === 'child') {
      g.roundRect(target.x - pad, target.y - pad, target.w + 2 * pad, target.h + 2 * pad, 12).fill({ color, alpha: 0.12 }).stroke({ width: 3 * px, color });
    } else {
      // Insertion bar on the chosen side of the sibling, across the stacking axis.
      const horizontal = stacksHorizontally(layout);
      const before = d.kind === 'before';
      const gap = 8 * px;
      if (horizontal) {
        const x = before ? target.x - gap : target.x + target.w + gap;
        g.moveTo(x, target.y - 4 * px).lineTo(x, target.y + target.h + 4 * px).stroke({ width: 4 * px, color, cap: 'round' });
        g.circle(x, target.y - 4 * px, 4 * px).fill(color);
      } else {
        const y = before ? target.y - gap : target.y + target.h + gap;
        g.moveTo(target.x, y).lineTo(target.x + target.w, y).stroke({ width: 4 * px, color, cap: 'round' });
        g.circle(target.x, y, 4 * px).fill(color);
      }
    }
    if (ghostFrom) {
      const r = routeEdge(layout, ghostFrom.x, ghostFrom.y, ghostFrom.w, ghostFrom.h, dragged.x, dragged.y, dragged.w, dragged.h);
      const pts = routedPolyline(r, 'smoothstep');
      // The parent may be far off screen: dash only around the two on-screen cards (see dashSegments).
      const reach = 2000 * px;
      const clip = {
        minX: Math.min(target.x, dragged.x) - reach,
        minY: Math.min(target.y, dragged.y) - reach,
        maxX: Math.max(target.x + target.w, dragged.x + dragged.w) + reach,
        maxY: Math.max(target.y + target.h, dragged.y + dragged.h) + reach,
      };
      dashSegments(
        pts,
        7 * px,
        5 * px,
        0,
        (x0, y0, x1, y1) => {
          g.moveTo(x0, y0).lineTo(x1, y1);
        },
        clip,
      );
      g.stroke({ width: 2 * px, color, alpha: 0.9 });
    }
  }

  destroy(): void {
    this.view.destroy();
  }
}
