/**
 * The nine topic animations as pure functions of time, applied to visible detailed topics only.
 * Paused (everything at rest) in performance mode, under prefers-reduced-motion and at the 'shape'
 * level of detail, so an idle canvas draws nothing.
 */
import { ANIMATIONS, type Animation } from '../../state/model';

export interface AnimationFrame {
  dx: number;
  dy: number;
  scale: number;
  alpha: number;
  /** Glow halo strength 0..1 (0 = none). */
  glow: number;
  /** Ripple ring progress 0..1, or -1 for none. */
  ripple: number;
  /** Shimmer highlight position across the card 0..1, or -1 for none. */
  shimmer: number;
}

export const REST: Readonly<AnimationFrame> = Object.freeze({ dx: 0, dy: 0, scale: 1, alpha: 1, glow: 0, ripple: -1, shimmer: -1 });

export function normalizeAnimation(a: unknown): Animation {
  return typeof a === 'string' && (ANIMATIONS as readonly string[]).includes(a) ? (a as Animation) : 'none';
}

/** Writes the frame of animation `a` at time `t` (ms) into `out`; `seed` desynchronises topics. */
export function animationFrame(a: Animation, t: number, seed: number, out: AnimationFrame): AnimationFrame {
  out.dx = 0;
  out.dy = 0;
  out.scale = 1;
  out.alpha = 1;
  out.glow = 0;
  out.ripple = -1;
  out.shimmer = -1;
  const ph = t + seed * 997;
  const TAU = Math.PI * 2;
  switch (a) {
    case 'pulse': {
      const s = (Math.sin((ph / 2000) * TAU) + 1) / 2;
      out.alpha = 0.72 + 0.28 * s;
      out.scale = 1 + 0.015 * s;
      break;
    }
    case 'float':
      out.dy = Math.sin((ph / 3000) * TAU) * 5;
      break;
    case 'glow':
      out.glow = 0.35 + 0.65 * ((Math.sin((ph / 1800) * TAU) + 1) / 2);
      break;
    case 'bounce': {
      const p = (ph % 1000) / 1000;
      out.dy = -Math.abs(Math.sin(p * Math.PI)) * 8;
      break;
    }
    case 'shimmer':
      out.shimmer = (ph % 2200) / 2200;
      break;
    case 'ripple':
      out.ripple = (ph % 1600) / 1600;
      break;
    case 'shake': {
      // Short shakes separated by rests, so it reads as an alert rather than a blur.
      const p = ph % 1800;
      out.dx = p < 500 ? Math.sin((p / 500) * TAU * 4) * 3 * (1 - p / 500) : 0;
      break;
    }
    case 'slide':
      out.dx = Math.sin((ph / 2600) * TAU) * 8;
      break;
    case 'none':
      break;
  }
  return out;
}

/** Stable small number per id so that topics do not all move in lockstep. */
export function seedOf(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) | 0;
  return (h >>> 0) % 1000;
}
