// What pointers mean on the chart, as a reducer over pointer events (no DOM, no timers, so it is
// tested with plain numbers): one finger or the mouse drags to pan, two fingers pinch to zoom
// around their midpoint, a finger held still shows the crosshair and then moves it, a tap shows
// the crosshair where it landed until the next tap or drag (as trading apps' charts do), and a
// mouse shows the crosshair just by hovering.

export type PointerKind = 'mouse' | 'touch' | 'pen';

export type GestureEffect =
  | { kind: 'pan'; dx: number }
  | { kind: 'zoom'; factor: number; focalX: number; dx: number }
  | { kind: 'inspect'; x: number; y: number }
  | { kind: 'endInspect' }
  | { kind: 'none' };

/** A finger may wander this far (CSS px) and still count as held still. */
export const holdSlop = 6;
/** How long (ms) a finger is held still before the crosshair shows. */
export const holdDelay = 350;

type Mode = 'idle' | 'pressing' | 'panning' | 'pinching' | 'inspecting';

interface Point {
  x: number;
  y: number;
}

const none: GestureEffect = { kind: 'none' };

export class Gestures {
  private mode: Mode = 'idle';
  private readonly pointers = new Map<number, Point>();
  private start: Point = { x: 0, y: 0 };
  private lastX = 0;
  private lastDistance = 0;
  private lastMidX = 0;
  private inspecting = false;
  /** A tap's crosshair, which stays after the finger lifts until the next tap or drag. */
  private pinned = false;

  /** True while a press may still turn into a hold: the caller arms a `holdDelay` timer. */
  get awaitingHold(): boolean {
    return this.mode === 'pressing';
  }

  down(id: number, x: number, y: number, kind: PointerKind): GestureEffect {
    this.pointers.set(id, { x, y });
    if (this.pointers.size === 1) {
      this.start = { x, y };
      this.lastX = x;
      this.mode = kind === 'mouse' ? 'panning' : 'pressing';
      // A mouse button pressed starts a drag: its hover crosshair would only be in the way.
      return kind === 'mouse' ? this.stopInspecting() : none;
    }
    if (this.pointers.size === 2) {
      this.mode = 'pinching';
      this.pinned = false;
      this.measurePinch();
      return this.stopInspecting();
    }
    return none;
  }

  move(id: number, x: number, y: number, kind: PointerKind): GestureEffect {
    const point = this.pointers.get(id);
    if (!point) {
      // A mouse moving with no button down: the crosshair follows it.
      return kind === 'mouse' ? this.inspect(x, y) : none;
    }
    point.x = x;
    point.y = y;
    switch (this.mode) {
      case 'pressing':
        if (Math.hypot(x - this.start.x, y - this.start.y) <= holdSlop) return none;
        this.mode = 'panning';
        // A drag takes a tap's crosshair away first; the next move pans.
        if (this.pinned) {
          this.pinned = false;
          this.lastX = x;
          return this.stopInspecting();
        }
        return this.panTo(x);
      case 'panning':
        return this.panTo(x);
      case 'inspecting':
        return this.inspect(x, y);
      case 'pinching': {
        const previousDistance = this.lastDistance;
        const previousMidX = this.lastMidX;
        this.measurePinch();
        if (previousDistance <= 0 || this.lastDistance <= 0) return none;
        return {
          kind: 'zoom',
          factor: this.lastDistance / previousDistance,
          focalX: this.lastMidX,
          dx: this.lastMidX - previousMidX,
        };
      }
      default:
        return none;
    }
  }

  /** The hold timer fired: a finger still pressing now shows the crosshair. */
  hold(): GestureEffect {
    if (this.mode !== 'pressing') return none;
    this.mode = 'inspecting';
    return this.inspect(this.start.x, this.start.y);
  }

  up(id: number, kind: PointerKind): GestureEffect {
    this.pointers.delete(id);
    const [remaining] = this.pointers.values();
    if (remaining) {
      // One finger lifted from a pinch: the other pans on from where it is, without a jump.
      this.mode = 'panning';
      this.lastX = remaining.x;
      return none;
    }
    const tapped = this.mode === 'pressing';
    this.mode = 'idle';
    if (kind === 'mouse') return none; // the mouse's crosshair stays until it leaves the chart
    // A tap shows the crosshair where it landed, and the next tap takes it away.
    if (tapped) {
      this.pinned = !this.pinned;
      return this.pinned ? this.inspect(this.start.x, this.start.y) : this.stopInspecting();
    }
    // A finger held and lifted ends its crosshair.
    this.pinned = false;
    return this.stopInspecting();
  }

  /** The mouse left the chart, or the browser took the pointer away. */
  leave(): GestureEffect {
    // A touch leaves the chart as its finger lifts: a tap's crosshair stays.
    if (this.pointers.size > 0 || this.pinned) return none;
    return this.stopInspecting();
  }

  cancel(id: number): GestureEffect {
    this.pointers.delete(id);
    if (this.pointers.size === 0) this.mode = 'idle';
    this.pinned = false;
    return this.stopInspecting();
  }

  private panTo(x: number): GestureEffect {
    const dx = x - this.lastX;
    this.lastX = x;
    return dx === 0 ? none : { kind: 'pan', dx };
  }

  private inspect(x: number, y: number): GestureEffect {
    this.inspecting = true;
    return { kind: 'inspect', x, y };
  }

  private stopInspecting(): GestureEffect {
    if (!this.inspecting) return none;
    this.inspecting = false;
    return { kind: 'endInspect' };
  }

  private measurePinch(): void {
    const [a, b] = this.pointers.values();
    if (!a || !b) return;
    this.lastDistance = Math.hypot(a.x - b.x, a.y - b.y);
    this.lastMidX = (a.x + b.x) / 2;
  }
}
