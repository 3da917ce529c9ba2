/**
 * Follows the host element's size: sizes the camera and the renderer, fits the map on the first
 * measure and refits after a resize or an orientation change (the spec's paddings).
 */
import { FIT_PADDING, MOBILE_MAX_WIDTH } from '../../state/model';
import type { CameraControl } from './cameraControl';

export interface ViewportSizeParts {
  host: HTMLElement;
  camera: CameraControl;
  /** The canvas must take this size (renderer, minimap visibility). */
  resized: (width: number, height: number) => void;
  /** Asks for a frame. */
  request: () => void;
}

/** A window drag refits once, this long after the last size change. */
const REFIT_DEBOUNCE_MS = 150;

export class ViewportSize {
  private observer: ResizeObserver | null = null;
  private sized = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribers: Array<() => void> = [];

  /** The padding of the next refit: the spec's orientation padding once the device has turned. */
  private turned = false;

  constructor(private readonly p: ViewportSizeParts) {
    if (typeof window !== 'undefined') {
      // The turn's own size change may come before or after this event: one refit follows both.
      const onOrientation = () => {
        this.turned = true;
        this.scheduleRefit();
      };
      window.addEventListener('orientationchange', onOrientation);
      this.unsubscribers.push(() => window.removeEventListener('orientationchange', onOrientation));
    }
  }

  /** Measures now and from then on whenever the host's size changes. */
  observe(): void {
    if (typeof ResizeObserver !== 'undefined') {
      this.observer = new ResizeObserver(this.measure);
      this.observer.observe(this.p.host);
    }
    this.measure();
  }

  get timerPending(): boolean {
    return this.timer !== null;
  }

  destroy(): void {
    for (const u of this.unsubscribers) u();
    this.observer?.disconnect();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private measure = (): void => {
    const { host, camera } = this.p;
    const w = Math.max(1, Math.round(host.clientWidth));
    const h = Math.max(1, Math.round(host.clientHeight));
    if (w === camera.size.width && h === camera.size.height && this.sized) return;
    const widthChanged = w !== camera.size.width;
    camera.size = { width: w, height: h };
    this.p.resized(w, h);
    camera.moved = true;
    if (!this.sized) {
      this.sized = true;
      camera.set(camera.fitFor(FIT_PADDING.initial) ?? camera.centred());
    } else if (widthChanged || !keyboardLikely(w)) {
      this.scheduleRefit();
    }
    this.p.request();
  };

  /** Spec: refit on resize (0.3, or 0.5 on mobile; 0.4 after a turn), debounced so a window drag refits once. */
  private scheduleRefit(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      const w = this.p.camera.size.width;
      const turned = this.turned;
      this.turned = false;
      const padding = turned ? FIT_PADDING.orientation : w < MOBILE_MAX_WIDTH ? FIT_PADDING.resizeMobile : FIT_PADDING.resize;
      this.p.camera.fitAutomatically(padding, turned ? 500 : 400);
    }, REFIT_DEBOUNCE_MS);
  }
}

/**
 * A change of height alone that is likely the on-screen keyboard (or a phone browser's address bar)
 * coming or going, not a resize the user made: on a phone's width, or while a text field has focus.
 * The view stays as the user left it instead of refitting under their fingers.
 */
function keyboardLikely(width: number): boolean {
  if (width < MOBILE_MAX_WIDTH) return true;
  if (typeof document === 'undefined') return false;
  const el = document.activeElement as HTMLElement | null;
  if (!el) return false;
  if (el.isContentEditable || el.tagName === 'TEXTAREA') return true;
  return el.tagName === 'INPUT' && !/^(?:button|checkbox|radio|range|color|file|submit|reset|image)$/i.test((el as HTMLInputElement).type);
}
