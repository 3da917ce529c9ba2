/**
 * In-place label editing: a DOM text field laid over the topic card. Enter commits, Escape cancels,
 * leaving the field commits. The caller positions it (screen rectangle of the card).
 */
import { LIMITS } from '../../state/rules';

/** The label editors open now (one per canvas). */
const openEditors = new Set<LabelEditor>();

const editingWatchers = new Set<() => void>();

/** True while a title is being edited in place on a canvas. */
export function titleEditedInPlace(): boolean {
  return openEditors.size > 0;
}

/** Calls `cb` whenever an in-place title editor opens or closes; returns the way to stop. */
export function watchTitleEditing(cb: () => void): () => void {
  editingWatchers.add(cb);
  return () => editingWatchers.delete(cb);
}

function setOpen(editor: LabelEditor, open: boolean): void {
  const was = openEditors.size;
  if (open) openEditors.add(editor);
  else openEditors.delete(editor);
  if (openEditors.size !== was) for (const cb of editingWatchers) cb();
}

/** Leaves every title being edited in place, which commits it as a click elsewhere does. */
export function leaveTitleEditors(): void {
  for (const editor of [...openEditors]) editor.input.blur();
}

/** True while a label editor holds text typed and not yet committed (leaving the page would drop it). */
export function labelEditorHoldsText(): boolean {
  for (const editor of openEditors) if (editor.holdsUncommittedText) return true;
  return false;
}

export interface LabelEditorCallbacks {
  commit(id: string, text: string): void;
  cancel(id: string): void;
}

export class LabelEditor {
  readonly input: HTMLInputElement;
  editingId: string | null = null;
  private openedWith = '';

  constructor(parent: HTMLElement, private readonly cb: LabelEditorCallbacks) {
    const input = document.createElement('input');
    input.type = 'text';
    input.setAttribute('aria-label', 'Edit topic title');
    input.dataset.testid = 'label-editor';
    input.spellcheck = false;
    input.maxLength = LIMITS.label; // the title rule of rules.ts, as the Edit panel and restore apply it
    Object.assign(input.style, {
      position: 'absolute',
      display: 'none',
      zIndex: '10',
      boxSizing: 'border-box',
      border: '2px solid #38bdf8',
      borderRadius: '8px',
      outline: 'none',
      padding: '0 10px',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      fontWeight: '500',
    } satisfies Partial<CSSStyleDeclaration>);
    input.addEventListener('keydown', this.onKey);
    input.addEventListener('blur', this.onBlur);
    input.addEventListener('pointerdown', (e) => e.stopPropagation());
    parent.appendChild(input);
    this.input = input;
  }

  open(id: string, label: string, rect: { x: number; y: number; width: number; height: number }, zoom: number, colors: { bg: string; fg: string }): void {
    this.editingId = id;
    this.openedWith = label;
    setOpen(this, true);
    const s = this.input.style;
    s.display = 'block';
    this.place(rect, zoom);
    s.background = colors.bg;
    s.color = colors.fg;
    this.input.value = label;
    this.input.focus();
    this.input.select();
  }

  place(rect: { x: number; y: number; width: number; height: number }, zoom: number): void {
    const s = this.input.style;
    s.left = `${rect.x}px`;
    s.top = `${rect.y}px`;
    s.width = `${Math.max(120, rect.width)}px`;
    s.height = `${Math.max(28, rect.height)}px`;
    s.fontSize = `${Math.max(12, 13 * zoom)}px`;
  }

  get holdsUncommittedText(): boolean {
    return this.editingId !== null && this.input.value !== this.openedWith;
  }

  /** Closes without committing: the typed text when it differs from the label opened with, else null. */
  dismiss(): string | null {
    if (this.editingId === null) return null;
    const typed = this.holdsUncommittedText ? this.input.value : null;
    this.close();
    return typed;
  }

  private close(): string | null {
    const id = this.editingId;
    this.editingId = null;
    setOpen(this, false);
    this.input.style.display = 'none';
    return id;
  }

  private onKey = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      const text = this.input.value;
      const id = this.close();
      if (id) this.cb.commit(id, text);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      const id = this.close();
      if (id) this.cb.cancel(id);
    }
  };

  private onBlur = () => {
    if (!this.editingId) return;
    const text = this.input.value;
    const id = this.close();
    if (id) this.cb.commit(id, text);
  };

  destroy(): void {
    setOpen(this, false);
    this.input.remove();
  }
}
