/**
 * The DOM beside the canvas: the keyboard tree (a11yTree.ts, roving focus that pans to the focused
 * topic) and the in-place label editor (labelEditor.ts), placed over the topic card.
 */
import { childIds, getNode } from '../../state/doc';
import { MOBILE_MAX_WIDTH } from '../../state/model';
import { renameNode, select, setExpanded, toggleTaskDone } from '../../state/operations';
import type { MindMapStore } from '../../state/store';
import type { VisibilityView } from '../../state/views';
import { A11yTree } from './a11yTree';
import { DepthCache } from './treeWindow';
import { cameraToReveal, visibleWorldRect, worldToScreen, zoomAround } from '../camera/camera';
import type { CameraControl } from '../camera/cameraControl';
import { NODE_HEIGHT, type ThemeColors } from '../constants';
import { expandRect, finiteOr, type Rect } from '../geometry';
import { LabelEditor } from './labelEditor';
import { nodeCardRect } from '../topics/nodeLayout';
import type { SpatialIndex } from '../spatial/spatialIndex';
import type { TreeKeyAction } from './treeNav';

export interface TreeAndEditorDeps {
  host: HTMLElement;
  element: HTMLCanvasElement;
  store: MindMapStore;
  visibility: VisibilityView;
  nodeIndex: SpatialIndex;
  camera: CameraControl;
  nodeWidth(id: string): number;
  colors(): ThemeColors;
  onError(message: string): void;
  /** Keyboard focus moved from `prev` to `id`: both views and the overlay are drawn again. */
  focusChanged(prev: string | null, id: string | null): void;
}

export const TOPIC_GONE_WHILE_RENAMING = 'The topic you were renaming was deleted in another tab or by someone else.';

/** A topic that came with more children than this is revealed alone. */
const REVEAL_CHILDREN_MAX = 100;

/** Longer than the time within which a second tap makes a double tap (PointerInput). */
const AFTER_DOUBLE_TAP_MS = 400;

/** The share of a phone's screen height an on-screen keyboard leaves above it, until it is measured. */
const ABOVE_KEYBOARD = 0.5;

/**
 * How much of a canvas `top` px from the page's top and `height` tall the visual viewport shows
 * (what an on-screen keyboard leaves above it), in px from the canvas's top.
 */
export function shownCanvasHeight(top: number, height: number, viewport: { offsetTop: number; height: number } | null | undefined): number {
  if (!viewport) return height;
  return Math.max(0, Math.min(height, viewport.offsetTop + viewport.height - top));
}

export class TreeAndEditor {
  private focusId: string | null = null;
  private treeFocused = false;
  private destroyed = false;
  private tree: A11yTree;
  private editor: LabelEditor;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: TreeAndEditorDeps) {
    const { host, store, visibility } = deps;
    const depths = new DepthCache();
    this.unsubscribe = store.subscribe((changes, s) => {
      depths.changed(changes, s);
      this.closeIfGone(s);
    });
    this.tree = new A11yTree(host, {
      state: () => store.getState(),
      isShown: (id) => visibility.visible.has(id),
      shownCount: () => visibility.visible.size,
      nearViewport: (limit) => this.nearViewport(limit),
      depth: (id) => depths.depth(store.getState(), id),
      onFocusChange: (id, viaKeyboard) => this.onTreeFocus(id, viaKeyboard),
      onAction: (a) => this.onTreeAction(a),
      onEdit: (id) => this.editLabel(id),
    });
    window.visualViewport?.addEventListener('resize', this.onVisualViewport);
    this.editor = new LabelEditor(host, {
      commit: (id, text) => {
        const r = renameNode(store, id, text);
        if (!r.ok) deps.onError(r.error);
        this.afterEdit(id);
      },
      cancel: (id) => this.afterEdit(id),
    });
  }

  /** The keyboard-focused topic while the tree has focus, else null (drawn with a focus ring). */
  get focusRing(): string | null {
    return this.treeFocused ? this.focusId : null;
  }

  /**
   * The topic being renamed was deleted (in another tab, by someone else): the editor closes, and
   * text typed into it is not dropped silently: the message gives it back.
   */
  private closeIfGone(s: ReturnType<MindMapStore['getState']>): void {
    const id = this.editor.editingId;
    if (id === null || getNode(s, id)) return;
    const typed = this.editor.dismiss();
    if (typed !== null) this.deps.onError(`${TOPIC_GONE_WHILE_RENAMING} Your new title was not saved: “${typed}”`);
  }

  /** A topic selected by pointer becomes the tree's focus target. */
  followSelection(id: string): void {
    this.focusId = id;
  }

  /**
   * The selection moved to `id` other than by a pointer (an added topic, undo): while the tree has
   * keyboard focus, focus goes with it, so F2, Enter and Tab act on the selected topic, not the one
   * focused before; either way the topic is brought on screen (a new topic off a phone's screen, or
   * under a panel).
   */
  selectionMoved(id: string | null): void {
    if (!id || id === this.focusId) return;
    const shown = this.deps.visibility.visible.has(id);
    if (this.treeFocused && shown) this.tree.focus(id, true); // its focus event reveals it
    else {
      this.followSelection(id);
      // A frame later: the panels that come with a selection (the Edit panel) are on the page then.
      if (shown) requestAnimationFrame(() => this.revealShown(id, true));
    }
  }

  /** After a full rebuild: forgets a focused topic that no longer exists. */
  forgetMissing(): void {
    if (this.focusId && !getNode(this.deps.store.getState(), this.focusId)) this.focusId = null;
  }

  /** The tree mirror waits on its debounce. */
  get treePending(): boolean {
    return this.tree.pending;
  }

  /** The tree mirror is refreshed (after `delayMs`, debounced). */
  invalidate(delayMs?: number): void {
    this.tree.invalidate(delayMs);
  }

  /** Up to `limit` shown topics on screen, nearest the centre first, in reading order (top to bottom). */
  private nearViewport(limit: number): string[] {
    const { camera, visibility } = this.deps;
    const vis = visibility.visible;
    const s = this.deps.store.getState();
    const view = visibleWorldRect(camera.cam, camera.size);
    const ids = this.deps.nodeIndex.nearest((view.minX + view.maxX) / 2, (view.minY + view.maxY) / 2, limit, view, (id) => vis.has(id));
    const pos = (id: string) => getNode(s, id)?.position ?? { x: 0, y: 0 };
    return ids.sort((a, b) => pos(a).y - pos(b).y || pos(a).x - pos(b).x);
  }

  private onTreeFocus(id: string | null, focused: boolean): void {
    const prev = this.focusId;
    this.treeFocused = focused;
    this.focusId = id;
    if (id && focused) this.reveal(id);
    this.deps.focusChanged(prev, id);
  }

  private onTreeAction(a: TreeKeyAction): void {
    const store = this.deps.store;
    if (a.kind === 'expand' || a.kind === 'collapse') {
      // The topic stays where it is on screen, wherever a layout moves it.
      const n = getNode(store.getState(), a.id);
      if (n) this.deps.camera.requestAnchor(a.id, finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0));
      setExpanded(store, a.id, a.kind === 'expand');
    }
    else if (a.kind === 'select') select(store, a.id);
    else if (a.kind === 'toggleTask') toggleTaskDone(store, a.id);
  }

  /**
   * Pans (animated, short) so the topic is on screen; `withChildren`: its shown children too, where
   * the screen has room (a new task list and its tasks, a pasted branch).
   */
  private reveal(id: string, withChildren = false): void {
    const s = this.deps.store.getState();
    const card = this.cardOf(id);
    if (!card) return;
    let around: Rect | undefined;
    const kids = withChildren ? childIds(s, id) : [];
    if (kids.length > 0 && kids.length <= REVEAL_CHILDREN_MAX) {
      around = { ...card };
      for (const k of kids) {
        const c = this.deps.visibility.visible.has(k) ? this.cardOf(k) : null;
        if (!c) continue;
        around.minX = Math.min(around.minX, c.minX);
        around.minY = Math.min(around.minY, c.minY);
        around.maxX = Math.max(around.maxX, c.maxX);
        around.maxY = Math.max(around.maxY, c.maxY);
      }
    }
    this.deps.camera.reveal(card, around);
  }

  private cardOf(id: string): Rect | null {
    const n = getNode(this.deps.store.getState(), id);
    return n ? nodeCardRect(finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0), this.deps.nodeWidth(id)) : null;
  }

  /**
   * A tap selected `id` (on a phone the Edit card then covers the middle of the screen): once the
   * double-tap time is over, with the topic still selected and no gesture going on, it is brought
   * out from under the panels. Not at once: a moving map would take the second tap of a double tap.
   */
  revealAfterTap(id: string, inputIdle: () => boolean): void {
    setTimeout(() => {
      if (this.deps.store.getState().selectedNodeId === id && inputIdle() && !this.editing) this.revealShown(id);
    }, AFTER_DOUBLE_TAP_MS);
  }

  /** Pans the topic on screen and out from under the panels, if it is shown (and the scene still lives: callers wait a little). */
  revealShown(id: string, withChildren = false): void {
    if (!this.destroyed && this.deps.visibility.visible.has(id)) this.reveal(id, withChildren);
  }

  focusNode(id: string): void {
    if (!getNode(this.deps.store.getState(), id)) return;
    this.tree.focus(id, true);
  }

  get editing(): boolean {
    return !!this.editor.editingId;
  }

  editLabel(id: string): void {
    const { camera, nodeWidth } = this.deps;
    const s = this.deps.store.getState();
    const n = getNode(s, id);
    if (!n || !this.deps.visibility.visible.has(id)) return;
    // A read-only map says why now, instead of taking a title it would refuse.
    if (this.deps.store.refusesEdits()) return;
    // Bring it on screen at a readable zoom first; on a phone in the upper part of the screen, above
    // where the on-screen keyboard opens.
    camera.stop();
    if (camera.cam.zoom < 0.75) camera.set(zoomAround(camera.cam, camera.size.width / 2, camera.size.height / 2, 1));
    const r = nodeCardRect(finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0), nodeWidth(id));
    const phone = camera.size.width < MOBILE_MAX_WIDTH;
    const shown = this.shownHeight();
    // Where the keyboard already stands (measured), above it; on a phone where it is about to open, the upper half.
    const height = shown < camera.size.height ? shown : phone ? Math.round(camera.size.height * ABOVE_KEYBOARD) : camera.size.height;
    const to = cameraToReveal(camera.cam, { width: camera.size.width, height }, expandRect(r, 12), 48, camera.covers());
    if (to) camera.set(to);
    const colors = this.deps.colors();
    const bg = '#' + colors.card.toString(16).padStart(6, '0');
    const fg = '#' + colors.text.toString(16).padStart(6, '0');
    this.editor.open(id, typeof n.data?.label === 'string' ? n.data.label : '', this.editorRect(id), camera.cam.zoom, { bg, fg });
  }

  private editorRect(id: string): { x: number; y: number; width: number; height: number } {
    const cam = this.deps.camera.cam;
    const n = getNode(this.deps.store.getState(), id);
    const p = worldToScreen(cam, finiteOr(n?.position?.x, 0), finiteOr(n?.position?.y, 0));
    const off = this.canvasOffset();
    return { x: p.x + off.x, y: p.y + off.y, width: this.deps.nodeWidth(id) * cam.zoom, height: NODE_HEIGHT * cam.zoom };
  }

  /** The canvas's height the visual viewport shows (an on-screen keyboard covers the rest). */
  private shownHeight(): number {
    return shownCanvasHeight(this.deps.element.getBoundingClientRect().top, this.deps.camera.size.height, window.visualViewport);
  }

  /**
   * The on-screen keyboard opened, closed or changed height while a title is edited in place: the
   * card is brought into what is left on screen above it, measured (the first placement could only
   * guess the keyboard's height).
   */
  private readonly onVisualViewport = (): void => {
    const id = this.editor.editingId;
    if (!id || this.destroyed) return;
    const { camera, nodeWidth } = this.deps;
    const height = this.shownHeight();
    if (height >= camera.size.height || height < NODE_HEIGHT * camera.cam.zoom + 24) return;
    const n = getNode(this.deps.store.getState(), id);
    if (!n) return;
    const r = nodeCardRect(finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0), nodeWidth(id));
    const to = cameraToReveal(camera.cam, { width: camera.size.width, height }, expandRect(r, 12), 12, camera.covers());
    if (to) camera.set(to);
  };

  /** Keeps the open editor over its card when the camera moved. */
  placeEditor(): void {
    const id = this.editor.editingId;
    if (id) this.editor.place(this.editorRect(id), this.deps.camera.cam.zoom);
  }

  /** Canvas position inside the host (normally 0, 0). */
  private canvasOffset(): { x: number; y: number } {
    const c = this.deps.element.getBoundingClientRect();
    const h = this.deps.host.getBoundingClientRect();
    return { x: c.left - h.left, y: c.top - h.top };
  }

  /**
   * Gives keyboard focus back to the edited topic when nothing else took it. Why the closed field
   * counts: after Enter or Escape it still holds focus until the browser's next update, and a
   * shortcut pressed at once (Ctrl+Z after Escape) went to it, not to the map.
   */
  private afterEdit(id: string): void {
    const active = document.activeElement;
    if (this.treeFocused || active === document.body || active === this.editor.input) this.tree.focus(id, true);
  }

  destroy(): void {
    this.destroyed = true;
    window.visualViewport?.removeEventListener('resize', this.onVisualViewport);
    this.unsubscribe();
    this.tree.destroy();
    this.editor.destroy();
  }
}
