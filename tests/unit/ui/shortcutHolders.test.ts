/**
 * Which open menu or dialog keeps a key press from the map's shortcuts, and what an undo or redo
 * press that did nothing says. A menu or dialog fading out after it closed is still in the page.
 */
import { describe, expect, it } from 'vitest';
import { getCommand } from '../../../src/state/commands';
import { keyHolder } from '../../../src/ui/hooks/shortcuts';
import { hotkeyDecision, unansweredPressNote } from '../../../src/ui/hooks/useCommandHotkeys';

const MENU = '[role="menu"]';
const DIALOG = '[aria-modal="true"]';
const OPEN_MENU_BUTTON = '[aria-haspopup="menu"][aria-expanded="true"]';

/** An element whose ancestors (itself included) match `within`. */
const element = (tagName: string, within: string[] = []) =>
  ({ tagName, closest: (sel: string) => (within.includes(sel) ? {} : null), getAttribute: () => null }) as unknown as EventTarget;

/** A page holding elements that match `present`. */
const page = (...present: string[]) => ({ querySelector: (sel: string) => (present.includes(sel) ? {} : null) });

const exportButton = element('BUTTON');
const body = element('BODY');

describe('keyHolder', () => {
  it('a menu holds the keys while it is open or has focus', () => {
    expect(keyHolder(element('BUTTON', [MENU]), page(MENU, OPEN_MENU_BUTTON))).toBe('menu');
    expect(keyHolder(exportButton, page(MENU, OPEN_MENU_BUTTON))).toBe('menu');
    expect(keyHolder(body, page(MENU, OPEN_MENU_BUTTON))).toBe('menu');
  });

  it('a menu fading out after it closed holds nothing once focus is back on its button', () => {
    expect(keyHolder(exportButton, page(MENU))).toBeNull();
    expect(keyHolder(body, page(MENU))).toBeNull();
  });

  it('a modal dialog holds the keys while focus is in it or on nothing, not once focus is back on the page', () => {
    expect(keyHolder(element('BUTTON', [DIALOG]), page(DIALOG))).toBe('dialog');
    expect(keyHolder(body, page(DIALOG))).toBe('dialog');
    expect(keyHolder(null, page(DIALOG))).toBe('dialog');
    expect(keyHolder(element('BUTTON'), page(DIALOG))).toBeNull();
  });

  it('nothing open: nothing holds the keys', () => {
    expect(keyHolder(body, page())).toBeNull();
    expect(keyHolder(element('DIV', ['[data-canvas-host]']), page())).toBeNull();
  });
});

describe('an undo or redo press is never silent', () => {
  const ev = (target: EventTarget, extra: Partial<KeyboardEvent> = {}) =>
    ({ target, defaultPrevented: false, isComposing: false, repeat: false, ...extra }) as KeyboardEvent;
  const on = () => true;
  const off = () => false;
  const undo = getCommand('undo');
  const redo = getCommand('redo');

  it('a held key runs nothing and says what holds it, or that there was nothing to do anyway', () => {
    const d = hotkeyDecision('mod+z', ev(exportButton), on, 'menu');
    expect(d).toEqual({ run: false, preventDefault: false, heldBy: 'menu' });
    expect(unansweredPressNote(undo, d, { ran: false, repeat: false, commandEnabled: on })?.message).toMatch(/close the menu/i);
    expect(unansweredPressNote(undo, d, { ran: false, repeat: false, commandEnabled: off })?.title).toBe('Nothing to undo');
    const inDialog = hotkeyDecision('mod+shift+z', ev(body), on, 'dialog');
    expect(unansweredPressNote(redo, inDialog, { ran: false, repeat: false, commandEnabled: on })?.message).toMatch(/close the dialog/i);
  });

  it('with nothing to undo or redo, it says so', () => {
    const d = hotkeyDecision('mod+z', ev(exportButton), off, null);
    expect(d).toEqual({ run: true, preventDefault: true });
    expect(unansweredPressNote(undo, d, { ran: false, repeat: false, commandEnabled: off })?.title).toBe('Nothing to undo');
    expect(unansweredPressNote(redo, d, { ran: false, repeat: false, commandEnabled: off })?.title).toBe('Nothing to redo');
  });

  it('says nothing when the command ran, on a held-down key repeating, or for the field being typed in', () => {
    const d = hotkeyDecision('mod+z', ev(exportButton), on, null);
    expect(unansweredPressNote(undo, d, { ran: true, repeat: false, commandEnabled: on })).toBeNull();
    expect(unansweredPressNote(undo, d, { ran: false, repeat: true, commandEnabled: on })).toBeNull();
    const typing = hotkeyDecision('mod+z', ev(element('TEXTAREA', [DIALOG])), on, 'dialog');
    expect(typing).toEqual({ run: false, preventDefault: false });
    expect(unansweredPressNote(undo, typing, { ran: false, repeat: false, commandEnabled: on })).toBeNull();
  });

  it('commands without notes stay quiet', () => {
    const d = hotkeyDecision('mod+n', ev(exportButton), on, 'menu');
    expect(unansweredPressNote(getCommand('addNode'), d, { ran: false, repeat: false, commandEnabled: on })).toBeNull();
  });
});
