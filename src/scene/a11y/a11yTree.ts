/**
 * The accessible DOM mirror of the map: role="tree" named "Mind map", one role="treeitem" per shown
 * topic (label, aria-level, aria-expanded when it has children, aria-selected), with a roving
 * tabindex. Keys are resolved against the state (treeNav), so the mirror may hold only part of a huge
 * map: up to FULL_LIMIT shown topics it holds them all in tree order; beyond, the root, the focused
 * topic's nearest PATH_LIMIT ancestors and topics near the viewport (treeWindow.ts). Updates are
 * debounced and keyed (elements reused by id), so a refresh costs a few hundred DOM nodes at most,
 * and levels cost no walk per item to the root.
 */
import { childIds, getNode, type MindMapState } from '../../state/doc';
import { actsOnSelection, treeKeyAction, type IsShown, type TreeKeyAction } from './treeNav';
import { shownRows, siblingPlaces, windowRows } from './treeWindow';

export const FULL_LIMIT = 1500;
export const WINDOW_LIMIT = 200;
/** Ancestors of the focused topic held above it (the root is always held). */
export const PATH_LIMIT = 50;

export interface TreeHost {
  state(): MindMapState;
  isShown: IsShown;
  shownCount(): number;
  /** Shown topics near the viewport (large maps only). */
  nearViewport(limit: number): string[];
  /** A topic's depth (0 for the root), remembered across refreshes (DepthCache). */
  depth(id: string): number;
  onFocusChange(id: string | null, viaKeyboard: boolean): void;
  onAction(action: TreeKeyAction): void;
  onEdit(id: string): void;
}

/** The shown topics in tree pre-order (children in stored order), up to `limit`. */
export function shownInOrder(s: MindMapState, shown: IsShown, limit = Infinity): string[] {
  return shownRows(s, shown, limit).map((r) => r.id);
}

export class A11yTree {
  readonly el: HTMLDivElement;
  private items = new Map<string, HTMLDivElement>();
  focusedId: string | null = null;
  /** The focused topic's parent when last drawn: where focus goes if the topic is deleted. */
  private focusedParent: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  hasFocus = false;

  constructor(parent: HTMLElement, private readonly host: TreeHost) {
    const el = document.createElement('div');
    el.setAttribute('role', 'tree');
    el.setAttribute('aria-label', 'Mind map');
    el.className = 'mf-a11y-tree';
    // Visually hidden but focusable and in the accessibility tree; the canvas draws the focus ring.
    Object.assign(el.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    } satisfies Partial<CSSStyleDeclaration>);
    parent.appendChild(el);
    this.el = el;
    el.addEventListener('keydown', this.onKey);
    el.addEventListener('focusin', this.onFocusIn);
    el.addEventListener('focusout', this.onFocusOut);
    el.addEventListener('click', this.onClick);
  }

  /** Schedules a refresh (coalesced). */
  /** A refresh waits on its timer. */
  get pending(): boolean {
    return this.timer !== null;
  }

  invalidate(delay = 60): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.refresh();
    }, delay);
  }

  refresh(): void {
    const s = this.host.state();
    const shown = this.host.isShown;
    if (this.focusedId && (!getNode(s, this.focusedId) || !shown(this.focusedId))) {
      this.focusedId = this.shownAncestor(s, shown) ?? (s.selectedNodeId && shown(s.selectedNodeId) ? s.selectedNodeId : s.rootId);
    }
    const focus = this.focusedId ?? (s.selectedNodeId && shown(s.selectedNodeId) ? s.selectedNodeId : s.rootId);
    const rows = this.host.shownCount() <= FULL_LIMIT ? shownRows(s, shown, FULL_LIMIT) : windowRows(s, focus, this.host.nearViewport(WINDOW_LIMIT), PATH_LIMIT, (id) => this.host.depth(id));
    const places = siblingPlaces(s, rows, shown, s.searchQuery.trim() !== '');
    const next = new Map<string, HTMLDivElement>();
    const list: HTMLDivElement[] = [];
    for (const { id, level } of rows) {
      const node = getNode(s, id);
      if (!node) continue;
      let el = this.items.get(id);
      if (!el) {
        el = document.createElement('div');
        el.setAttribute('role', 'treeitem');
        el.dataset.id = id;
      }
      const label = typeof node.data?.label === 'string' ? node.data.label : '';
      if (el.textContent !== label) el.textContent = label;
      setAttr(el, 'aria-level', String(level));
      const place = places.get(id);
      if (place) {
        setAttr(el, 'aria-posinset', String(place.pos));
        setAttr(el, 'aria-setsize', String(place.size));
      }
      const hasKids = childIds(s, id).length > 0;
      if (hasKids) setAttr(el, 'aria-expanded', String(!!node.data?.expanded));
      else el.removeAttribute('aria-expanded');
      setAttr(el, 'aria-selected', String(s.selectedNodeId === id));
      // What the card shows beside its title: a task's state and the priority.
      const about = topicDescription(node.data);
      if (about) setAttr(el, 'aria-description', about);
      else el.removeAttribute('aria-description');
      setAttr(el, 'tabindex', id === focus ? '0' : '-1');
      next.set(id, el);
      list.push(el);
    }
    const active = document.activeElement;
    const hadFocus = active instanceof HTMLElement && this.el.contains(active);
    // Reorder only when the order changed (cheap check), keeping focused element in place if possible.
    const children = this.el.children;
    let same = children.length === list.length;
    for (let i = 0; same && i < list.length; i++) if (children[i] !== list[i]) same = false;
    if (!same) this.el.replaceChildren(...list);
    this.items = next;
    this.focusedId = focus;
    this.focusedParent = getNode(s, focus)?.parentId ?? null;
    if (hadFocus) {
      const el = this.items.get(focus);
      if (el && document.activeElement !== el) el.focus({ preventScroll: true });
    }
  }

  /**
   * The nearest shown ancestor of the focused topic that has gone (deleted: from its parent as last
   * drawn) or is hidden; null when there is none. Why: Delete in the tree, with the deleted topic
   * selected, sent focus to the root, where the buttons send it to the parent.
   */
  private shownAncestor(s: MindMapState, shown: IsShown): string | null {
    let cur = getNode(s, this.focusedId!)?.parentId ?? this.focusedParent;
    for (let i = 0; cur && i <= s.nodes.n; i++) {
      const node = getNode(s, cur);
      if (!node) return null;
      if (shown(cur)) return cur;
      cur = node.parentId;
    }
    return null;
  }

  /** Moves keyboard focus to a topic (DOM focus too when the tree has it or `takeFocus`). */
  focus(id: string, takeFocus: boolean): void {
    this.focusedId = id;
    const wanted = takeFocus || this.hasFocus;
    this.refresh();
    if (wanted) this.items.get(id)?.focus({ preventScroll: true });
  }

  private onKey = (e: KeyboardEvent) => {
    const id = this.focusedId;
    if (!id) return;
    if (e.key === 'F2') {
      e.preventDefault();
      e.stopPropagation();
      this.host.onEdit(id);
      return;
    }
    // A key for the selected topic, pressed on another while there is a selection, acts on this one.
    const selected = this.host.state().selectedNodeId;
    if (selected !== null && selected !== id && actsOnSelection(e)) this.host.onAction({ kind: 'select', id });
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const action = treeKeyAction(this.host.state(), id, e.key, this.host.isShown);
    if (action.kind === 'pass') return;
    if (action.kind === 'none') {
      if (e.key.startsWith('Arrow') || e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
      }
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    if (action.kind === 'focus') {
      this.focus(action.id, true);
      this.host.onFocusChange(action.id, true);
    } else {
      this.host.onAction(action);
    }
  };

  private onFocusIn = (e: FocusEvent) => {
    this.hasFocus = true;
    const t = e.target as HTMLElement;
    const id = t?.dataset?.id;
    if (id && id !== this.focusedId) this.focusedId = id;
    this.host.onFocusChange(this.focusedId, true);
  };

  private onFocusOut = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (next && this.el.contains(next)) return;
    this.hasFocus = false;
    this.host.onFocusChange(this.focusedId, false);
  };

  private onClick = (e: MouseEvent) => {
    const id = (e.target as HTMLElement)?.dataset?.id;
    if (id) {
      this.focus(id, true);
      this.host.onAction({ kind: 'select', id });
    }
  };

  destroy(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.el.remove();
  }
}

/** "Task, done; High priority" for a topic's tree item, or '' when the card shows neither. */
export function topicDescription(data: { done?: boolean; priority?: string } | undefined): string {
  const parts: string[] = [];
  if (data?.done === true) parts.push('Task, done');
  else if (data?.done === false) parts.push('Task, not done');
  if (data?.priority === 'high' || data?.priority === 'medium' || data?.priority === 'low') {
    parts.push(`${data.priority[0].toUpperCase()}${data.priority.slice(1)} priority`);
  }
  return parts.join('; ');
}

function setAttr(el: HTMLElement, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
