/**
 * One pooled topic view (Pixi objects for a topic on screen in detail). Views are recycled between
 * topics as the viewport moves (see NodePool): `bind` re-points a view at a topic and only rebuilds
 * the parts whose inputs changed (a signature string per part).
 */
import { BitmapText, Container, Graphics, Sprite, Texture } from 'pixi.js';
import type { MindNode } from '../../state/model';
import { CAPTION_FONT_SIZE, CARD_RADIUS, LABEL_FONT_SIZE, LABEL_LINE_HEIGHT, LABEL_TOP, NODE_HEIGHT, NODE_PAD_X, type ThemeColors } from '../constants';
import { FONT_BOLD, FONT_NAME, type ImageCache, type SharedContexts } from '../render/assets';
import type { AnimationFrame } from '../anim/animations';
import { parseColor } from '../geometry';
import { roundRectPoints } from '../render/shapes';
import type { Lod } from '../render/lod';
import type { LabelMetrics } from './nodeMetrics';
import { cardMarks, MARK_TOP } from './cardMarks';

export interface ViewFlags {
  selected: boolean;
  focused: boolean;
  match: boolean;
  dimmed: boolean;
  hasChildren: boolean;
}

export interface BindContext {
  contexts: SharedContexts;
  theme: ThemeColors;
  images: ImageCache;
  lod: Lod;
  defaultColor: number;
}


export class NodeView {
  readonly root = new Container();
  /** Holds everything that animations move/scale, pivoting on the card centre. */
  private body = new Container();
  private fx = new Graphics();
  private card = new Graphics();
  private ring = new Graphics();
  private caption: BitmapText;
  private label: BitmapText;
  private chevron = new Graphics();
  private badge = new Graphics();
  private badgeText: BitmapText;
  private attach = new Graphics();
  private preview = new Sprite(Texture.EMPTY);
  private done = new Graphics();
  id: string | null = null;
  /** Frame stamp of the last sweep that wanted this view (see TopicViews.sync). */
  stamp = 0;
  width = 140;
  color = 0;
  animation = 'none';
  private sig = '';
  private ringSig = '';

  constructor() {
    this.root.eventMode = 'none';
    this.root.interactiveChildren = false;
    this.caption = new BitmapText({ text: '', style: { fontFamily: FONT_BOLD, fontSize: CAPTION_FONT_SIZE, letterSpacing: 0.6 } });
    this.label = new BitmapText({ text: '', style: { fontFamily: FONT_NAME, fontSize: LABEL_FONT_SIZE, lineHeight: LABEL_LINE_HEIGHT } });
    this.badgeText = new BitmapText({ text: '', style: { fontFamily: FONT_BOLD, fontSize: 9 } });
    this.caption.position.set(NODE_PAD_X + 4, 8);
    this.label.position.set(NODE_PAD_X, LABEL_TOP);
    this.preview.width = 28;
    this.preview.height = 28;
    this.body.addChild(this.fx, this.card, this.ring, this.caption, this.label, this.chevron, this.badge, this.badgeText, this.attach, this.preview, this.done);
    this.root.addChild(this.body);
  }

  /** Points the view at a topic; cheap when nothing it shows has changed. */
  bind(node: MindNode, m: LabelMetrics, flags: ViewFlags, ctx: BindContext): void {
    const data = node.data ?? ({} as MindNode['data']);
    const color = parseColor(data.color, ctx.defaultColor);
    const root = node.type === 'root';
    const full = ctx.lod === 'full';
    const priority = full && typeof data.priority === 'string' ? data.priority : '';
    const att = full && data.attachment && typeof data.attachment.url === 'string' ? data.attachment : null;
    const doneState = full && typeof data.done === 'boolean' ? (data.done ? 'y' : 'n') : '';
    const sig = `${node.id}|${m.width}|${color}|${root}|${ctx.lod}|${m.lines.join('\n')}|${flags.hasChildren ? (data.expanded ? 'e' : 'c') : '-'}|${priority}|${att ? att.type + att.url : ''}|${doneState}|${ctx.theme.text}`;
    this.id = node.id;
    this.root.visible = true;
    this.width = m.width;
    this.color = color;
    this.animation = typeof data.animation === 'string' ? data.animation : 'none';
    this.body.pivot.set(m.width / 2, NODE_HEIGHT / 2);
    this.body.position.set(m.width / 2, NODE_HEIGHT / 2);
    if (sig !== this.sig) {
      this.sig = sig;
      this.card.context = ctx.contexts.card(m.width, color, root, full);
      this.caption.text = root ? 'ROOT' : 'TOPIC';
      this.caption.tint = root ? color : ctx.theme.muted;
      this.label.text = m.lines.join('\n');
      this.label.tint = ctx.theme.text;
      // A single line sits centred in the two-line area.
      this.label.y = m.lines.length === 1 ? LABEL_TOP + LABEL_LINE_HEIGHT / 2 : LABEL_TOP;
      this.chevron.visible = flags.hasChildren;
      if (flags.hasChildren) this.chevron.context = ctx.contexts.chevron(m.width, !!data.expanded, color);
      // Far out, the card alone: no marks.
      const marks = full ? cardMarks(data, m.width, flags.hasChildren) : null;
      const badge = marks?.badge;
      this.badge.visible = this.badgeText.visible = !!badge;
      if (badge) {
        this.badge.context = ctx.contexts.badge(badge.priority, badge.width);
        this.badge.position.set(badge.x, MARK_TOP);
        this.badgeText.text = badge.label;
        this.badgeText.tint = ctx.theme.text;
        this.badgeText.position.set(badge.x + 5, MARK_TOP + 1.5);
      }
      const attachment = marks?.attachment;
      this.attach.visible = !!attachment;
      this.preview.visible = false;
      if (attachment && att) {
        this.attach.context = ctx.contexts.attachmentIcon(attachment.type);
        this.attach.position.set(attachment.x, MARK_TOP);
        if (attachment.type === 'image') this.bindPreview(att.url, ctx);
      }
      const task = marks?.task;
      this.done.visible = !!task;
      if (task) {
        this.done.context = ctx.contexts.doneBox(task.done, color);
        this.done.position.set(task.x, MARK_TOP);
      }
    }
    this.setRing(flags, ctx.theme);
    this.root.alpha = flags.dimmed ? 0.5 : 1;
  }

  /** Image attachments preview as a thumbnail on the card's right edge; a placeholder if loading fails. */
  private bindPreview(url: string, ctx: BindContext): void {
    const tex = ctx.images.get(url);
    if (tex instanceof Texture) {
      this.preview.texture = tex;
      this.preview.width = 28;
      this.preview.height = 28;
      this.preview.position.set(this.width + 8, (NODE_HEIGHT - 28) / 2);
      this.preview.visible = true;
      this.attach.visible = true;
    } else {
      // The placeholder replaces the paperclip-style icon with a framed picture (or a cross on failure).
      this.attach.context = ctx.contexts.imagePlaceholder(tex === 'failed');
      this.attach.position.set(this.width + 8, (NODE_HEIGHT - 28) / 2);
    }
  }

  private setRing(f: ViewFlags, t: ThemeColors): void {
    const sig = `${f.selected}|${f.focused}|${f.match}|${this.width}|${this.color}|${t.focus}`;
    if (sig === this.ringSig) return;
    this.ringSig = sig;
    const g = this.ring;
    g.clear();
    const w = this.width;
    if (f.match) g.poly(roundRectPoints(-3, -3, w + 6, NODE_HEIGHT + 6, CARD_RADIUS + 3, 4), true).stroke({ width: 2, color: t.match });
    if (f.selected) {
      g.poly(roundRectPoints(-1, -1, w + 2, NODE_HEIGHT + 2, CARD_RADIUS + 1, 4), true).stroke({ width: 3, color: this.color });
      g.poly(roundRectPoints(-6, -6, w + 12, NODE_HEIGHT + 12, CARD_RADIUS + 6, 4), true).stroke({ width: 4, color: this.color, alpha: 0.25 });
    }
    if (f.focused) g.poly(roundRectPoints(-8, -8, w + 16, NODE_HEIGHT + 16, CARD_RADIUS + 8, 4), true).stroke({ width: 2.5, color: t.focus });
    g.visible = f.match || f.selected || f.focused;
  }

  /** Applies one animation frame (or the rest pose). */
  animate(a: Readonly<AnimationFrame>): void {
    this.body.position.set(this.width / 2 + a.dx, NODE_HEIGHT / 2 + a.dy);
    this.body.scale.set(a.scale);
    this.card.alpha = a.alpha;
    const g = this.fx;
    if (a.glow <= 0 && a.ripple < 0 && a.shimmer < 0) {
      if (g.visible) {
        g.clear();
        g.visible = false;
      }
      return;
    }
    // Why redraw: these effects change shape every frame; it is a few vertices per animated topic.
    g.clear();
    g.visible = true;
    const w = this.width;
    if (a.glow > 0) {
      for (let i = 3; i >= 1; i--) {
        g.poly(roundRectPoints(-i * 3, -i * 3, w + i * 6, NODE_HEIGHT + i * 6, CARD_RADIUS + i * 3, 4), true).fill({ color: this.color, alpha: 0.09 * a.glow });
      }
    }
    if (a.ripple >= 0) {
      const grow = a.ripple * 16;
      g.poly(roundRectPoints(-grow, -grow, w + grow * 2, NODE_HEIGHT + grow * 2, CARD_RADIUS + grow, 4), true).stroke({ width: 2, color: this.color, alpha: 0.7 * (1 - a.ripple) });
    }
    if (a.shimmer >= 0) {
      const x = 6 + a.shimmer * (w - 24);
      g.poly([x, 2, x + 10, 2, x + 4, NODE_HEIGHT - 2, x - 6, NODE_HEIGHT - 2]).fill({ color: 0xffffff, alpha: 0.13 });
    }
  }

  /** Back to the pool: forget the topic so a re-bind rebuilds. */
  release(): void {
    this.id = null;
    this.sig = '';
    this.ringSig = '';
    this.root.visible = false;
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}
