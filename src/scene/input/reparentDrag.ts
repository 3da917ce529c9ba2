/**
 * Drag to reparent, on top of the ordinary topic drag (which moves the topic inside a store mark):
 * while dragging, the topic under the pointer is found through the host (spatial index), the drop
 * is decided by dropTarget.ts and shown by the DropIndicator. On drop, a valid target turns the
 * gesture into ONE undo step: the drag's move is bailed, and the reparent (which, without a layout
 * that places it, also moves the whole branch to a free place beside the new parent) is committed in
 * a fresh mark, which auto-layout amends. A refused drop (onto the dragged topic's own branch) bails
 * the drag: nothing changes; so does a drop onto the topic's own parent (it stayed on the parent's
 * card, hidden under it).
 */
import { childIds, getNode } from '../../state/doc';
import { DEFAULT_TOPIC_SIZE } from '../../state/layout/tidy';
import { moveToParent } from '../../state/operations';
import type { MindMapStore } from '../../state/store';
import { DropIndicator, type CardBox } from './dropIndicator';
import { decideDrop, dropZone, stacksHorizontally, type DropContext, type DropDecision } from './dropTarget';

export interface ReparentHost {
  readonly store: MindMapStore;
  /** Shown topics whose card contains the world point, topmost first. */
  topicsAt(x: number, y: number): string[];
  /** A shown topic's card in world units. */
  card(id: string): CardBox | null;
  zoom(): number;
  /** Indicator colour (the theme's focus colour). */
  color(): number;
  setCursor(cursor: string): void;
  /** The indicator changed: draw a frame. */
  redraw(): void;
  onError(message: string): void;
}

const NONE: DropDecision = { kind: 'none' };

export class ReparentDrag {
  readonly indicator = new DropIndicator();
  private decision: DropDecision = NONE;

  constructor(private readonly host: ReparentHost) {}

  get current(): DropDecision {
    return this.decision;
  }

  private context(dragId: string): DropContext {
    const s = this.host.store.getState();
    const root = getNode(s, s.rootId);
    const rootCard = root ? this.host.card(root.id) : null;
    return {
      dragId,
      layout: s.settings.layout,
      autoLayout: s.settings.autoLayout,
      parentOf: (id) => getNode(s, id)?.parentId,
      childrenOf: (id) => childIds(s, id),
      drawnReversed: (id) => {
        if (s.settings.layout !== 'balanced' || !rootCard || getNode(s, id)?.parentId !== s.rootId) return false;
        const c = this.host.card(id);
        return !!c && c.x + c.w / 2 < rootCard.x + rootCard.w / 2;
      },
    };
  }

  /** The pointer (world) moved during the drag of `dragId`. */
  update(dragId: string, px: number, py: number): void {
    const s = this.host.store.getState();
    const targetId = this.host.topicsAt(px, py).find((id) => id !== dragId) ?? null;
    const target = targetId ? this.host.card(targetId) : null;
    const zone = target ? dropZone(target.x, target.y, target.w, target.h, px, py, stacksHorizontally(s.settings.layout)) : 'child';
    const d = target ? decideDrop(this.context(dragId), targetId, zone) : NONE;
    this.decision = d;
    const dragged = this.host.card(dragId);
    if (d.kind === 'none' || d.kind === 'unchanged' || !target || !dragged) {
      this.indicator.clear();
    } else {
      const parent = d.kind === 'refused' ? null : this.host.card(d.parentId);
      this.indicator.draw(d, s.settings.layout, target, parent, dragged, this.host.color(), this.host.zoom());
    }
    this.host.setCursor(d.kind === 'refused' ? 'not-allowed' : d.kind === 'none' || d.kind === 'unchanged' ? 'grabbing' : 'copy');
    this.host.redraw();
  }

  /**
   * The drag ends. Returns true when the drop was handled here (the drag's mark is closed);
   * false leaves the ordinary commit/bail of the move to the caller.
   */
  finish(dragId: string | null, commit: boolean): boolean {
    const d = this.decision;
    this.decision = NONE;
    this.indicator.clear();
    this.host.redraw();
    if (!commit || !dragId || d.kind === 'none') return false;
    const store = this.host.store;
    store.bailMark();
    if (d.kind === 'refused' || d.kind === 'unchanged') return true;
    const s = store.getState();
    const sizeOf = (id: string) => {
      const c = this.host.card(id);
      return c ? { width: c.w, height: c.h } : DEFAULT_TOPIC_SIZE;
    };
    const sameParent = getNode(s, dragId)?.parentId === d.parentId;
    store.beginMark(sameParent ? 'Reorder topic' : 'Move topic to new parent');
    const r = moveToParent(store, dragId, d.parentId, d.kind === 'child' ? undefined : d.index, sizeOf);
    store.commitMark();
    if (!r.ok) this.host.onError(r.error);
    return true;
  }

  destroy(): void {
    this.indicator.destroy();
  }
}
