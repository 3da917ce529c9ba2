/**
 * Other people in a shared map: a ring in their colour around the topic each has selected, with
 * their name, and their pointer while it is over the canvas. Its own layer over the topics. Drawn
 * only when the people, their topics' boxes or the zoom change: a handful of shapes whatever the
 * size of the map.
 */
import { BitmapText, Container, Graphics } from 'pixi.js';
import type { Rect } from '../geometry';
import { FONT_NAME } from '../render/assets';

export interface PresencePerson {
  clientId: number;
  name: string;
  color: string;
  selection: string | null;
  pointer: { x: number; y: number } | null;
}

/** Ring and label sizes in screen pixels (divided by the zoom to draw in world units). */
const RING_GAP = 5;
const RING_WIDTH = 2.5;
const LABEL_SIZE = 12;
const LABEL_PAD = 4;
const LABEL_HEIGHT = LABEL_SIZE + 2 * LABEL_PAD;
/**
 * Share of the name tag that sits above the ring's top edge. Topics stand 14 apart (world units): a
 * tag wholly above the ring covered the lower part of the topic above. Mostly inside, it covers the
 * card's top padding only (its title sits lower); zoomed out, where the tag is bigger in world units,
 * it never reaches more than LABEL_REACH above the card.
 */
const LABEL_ABOVE = 0.35;
const LABEL_REACH = 12;

function hexToNumber(hex: string): number {
  return Number.parseInt(hex.slice(1), 16);
}

export class PresenceLayer {
  readonly container = new Container();
  private rings = new Graphics();
  private labels = new Container();
  private people: PresencePerson[] = [];
  private sig = '';

  constructor() {
    this.container.eventMode = 'none';
    this.container.interactiveChildren = false;
    this.container.addChild(this.rings, this.labels);
  }

  /** Replaces the people shown; the next draw picks them up. */
  set(people: readonly PresencePerson[]): void {
    this.people = people.slice();
  }

  get empty(): boolean {
    return this.people.length === 0 && this.sig === '';
  }

  /** Draws if anything it shows changed since the last call. */
  draw(boxOf: (id: string) => Rect | undefined, zoom: number): void {
    const placed = this.people.map((p) => ({ p, box: p.selection ? boxOf(p.selection) : undefined }));
    const sig =
      `${zoom}|` +
      placed
        .map(({ p, box }) => `${p.clientId},${p.name},${p.color},${box ? `${box.minX},${box.minY},${box.maxX},${box.maxY}` : ''},${p.pointer ? `${p.pointer.x},${p.pointer.y}` : ''}`)
        .join(';');
    if (sig === this.sig) return;
    this.sig = this.people.length === 0 ? '' : sig;
    const g = this.rings;
    g.clear();
    for (const t of this.labels.removeChildren()) t.destroy();
    const k = 1 / zoom;
    for (const { p, box } of placed) {
      const color = hexToNumber(p.color);
      if (box) {
        const gap = RING_GAP * k;
        g.roundRect(box.minX - gap, box.minY - gap, box.maxX - box.minX + 2 * gap, box.maxY - box.minY + 2 * gap, 12 * k).stroke({
          width: RING_WIDTH * k,
          color,
        });
        const top = Math.max(box.minY - gap - LABEL_ABOVE * LABEL_HEIGHT * k, box.minY - LABEL_REACH);
        this.label(p.name, color, box.minX - gap + 8 * k, top, k);
      }
      if (p.pointer) {
        const { x, y } = p.pointer;
        g.poly([x, y, x + 12 * k, y + 4 * k, x + 5 * k, y + 6 * k, x + 3 * k, y + 13 * k]).fill(color);
        this.label(p.name, color, x + 10 * k, y + 12 * k, k);
      }
    }
  }

  private label(text: string, color: number, x: number, y: number, k: number): void {
    const t = new BitmapText({ text, style: { fontFamily: FONT_NAME, fontSize: LABEL_SIZE } });
    t.tint = 0x111111;
    const bg = new Graphics()
      .roundRect(0, 0, t.width + 2 * LABEL_PAD, LABEL_HEIGHT, 4)
      .fill(color);
    t.position.set(LABEL_PAD, LABEL_PAD - 1);
    const tag = new Container();
    tag.addChild(bg, t);
    tag.position.set(x, y);
    tag.scale.set(k);
    this.labels.addChild(tag);
  }

  destroy(): void {
    this.container.destroy({ children: true });
  }
}
