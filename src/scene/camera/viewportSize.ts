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

  constructor(private readonly p: ViewportSizeParts) {
    if (typeof window !== 'undefined') {
      const onOrientation = () => p.camera.fit(FIT_PADDING.orientation, 500);
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
    camera.size = { width: w, height: h };
    this.p.resized(w, h);
    camera.moved = true;
    if (!this.sized) {
      this.sized = true;
      camera.set(camera.fitFor(FIT_PADDING.initial) ?? camera.centred());
    } else {
      // Spec: refit on resize (0.3, or 0.5 on mobile), debounced so a window drag refits once.
      if (this.timer !== null) clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = null;
        camera.fit(w < MOBILE_MAX_WIDTH ? FIT_PADDING.resizeMobile : FIT_PADDING.resize, 400);
      }, REFIT_DEBOUNCE_MS);
    }
    this.p.request();
  };
}
