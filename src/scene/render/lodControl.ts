/**
 * The level of detail in use, and when to switch. Why wait for the gesture to pause before switching
 * to a more detailed level: the switch binds a view per topic on screen and rebuilds every tile (a
 * 100+ ms frame on software WebGL) in the middle of a zoom. Meanwhile the coarser level stays on
 * screen, as map apps refine after the gesture. Switching towards 'shape' is never deferred (a
 * zoom-out would otherwise keep creating views).
 */
import { lodForZoom, type Lod } from './lod';

/** How long the camera must be still before a deferred level-of-detail switch. */
const LOD_SETTLE_MS = 150;

export class LodControl {
  level: Lod = 'full';
  private movedLastFrame = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** `request` asks for a frame (the deferred switch is re-checked in it). */
  constructor(private readonly request: () => void) {}

  /** Called once a frame; true when the level changed. */
  update(zoom: number, cameraMoved: boolean): boolean {
    // A gesture in progress: the camera moved in this frame and the one before.
    const gesture = cameraMoved && this.movedLastFrame;
    this.movedLastFrame = cameraMoved;
    const lod = lodForZoom(zoom);
    if (lod === this.level) return false;
    if (gesture && lod !== 'shape') {
      this.defer();
      return false;
    }
    this.level = lod;
    return true;
  }

  get timerPending(): boolean {
    return this.timer !== null;
  }

  destroy(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Re-checks the level once the camera has been still for LOD_SETTLE_MS. */
  private defer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.request();
    }, LOD_SETTLE_MS);
  }
}
