// What a finger or a mouse does to the chart.
import { describe, expect, it } from 'vitest';
import { Gestures, holdSlop } from '../../src/chart/gestures.ts';

describe('chart gestures', () => {
  it('pans by how far one finger drags, once it has moved past the slop', () => {
    const g = new Gestures();
    g.down(1, 100, 50, 'touch');
    expect(g.move(1, 100 + holdSlop - 1, 50, 'touch')).toEqual({ kind: 'none' });
    expect(g.move(1, 120, 50, 'touch')).toEqual({ kind: 'pan', dx: 20 });
    expect(g.move(1, 110, 52, 'touch')).toEqual({ kind: 'pan', dx: -10 });
  });

  it('shows the crosshair when a finger is held still, then moves it instead of panning', () => {
    const g = new Gestures();
    g.down(1, 100, 50, 'touch');
    expect(g.awaitingHold).toBe(true);
    expect(g.hold()).toEqual({ kind: 'inspect', x: 100, y: 50 });
    expect(g.move(1, 140, 60, 'touch')).toEqual({ kind: 'inspect', x: 140, y: 60 });
    expect(g.up(1, 'touch')).toEqual({ kind: 'endInspect' });
  });

  it('does not show the crosshair once the finger started panning', () => {
    const g = new Gestures();
    g.down(1, 100, 50, 'touch');
    g.move(1, 130, 50, 'touch');
    expect(g.awaitingHold).toBe(false);
    expect(g.hold()).toEqual({ kind: 'none' });
  });

  it('zooms two fingers apart around their midpoint', () => {
    const g = new Gestures();
    g.down(1, 100, 50, 'touch');
    g.down(2, 200, 50, 'touch');
    expect(g.move(2, 300, 50, 'touch')).toEqual({ kind: 'zoom', factor: 2, focalX: 200, dx: 50 });
  });

  it('pans on with the finger left after a pinch, without a jump', () => {
    const g = new Gestures();
    g.down(1, 100, 50, 'touch');
    g.down(2, 200, 50, 'touch');
    g.move(2, 250, 50, 'touch');
    g.up(2, 'touch');
    expect(g.move(1, 110, 50, 'touch')).toEqual({ kind: 'pan', dx: 10 });
  });

  it('follows a hovering mouse with the crosshair and drags with a button down', () => {
    const g = new Gestures();
    expect(g.move(1, 30, 40, 'mouse')).toEqual({ kind: 'inspect', x: 30, y: 40 });
    expect(g.down(1, 30, 40, 'mouse')).toEqual({ kind: 'endInspect' });
    expect(g.move(1, 33, 40, 'mouse')).toEqual({ kind: 'pan', dx: 3 });
    expect(g.up(1, 'mouse')).toEqual({ kind: 'none' });
    g.move(1, 50, 40, 'mouse');
    expect(g.leave()).toEqual({ kind: 'endInspect' });
  });

  it('ends a crosshair when the browser cancels the pointer', () => {
    const g = new Gestures();
    g.down(1, 100, 50, 'touch');
    g.hold();
    expect(g.cancel(1)).toEqual({ kind: 'endInspect' });
    expect(g.awaitingHold).toBe(false);
  });

  it('shows the crosshair where a finger tapped, keeps it as the finger leaves, and takes it away on the next tap', () => {
    const g = new Gestures();
    g.down(1, 100, 50, 'touch');
    expect(g.up(1, 'touch')).toEqual({ kind: 'inspect', x: 100, y: 50 });
    expect(g.leave()).toEqual({ kind: 'none' });
    g.down(2, 180, 60, 'touch');
    expect(g.up(2, 'touch')).toEqual({ kind: 'endInspect' });
  });

  it("takes a tap's crosshair away when the next touch drags, then pans", () => {
    const g = new Gestures();
    g.down(1, 100, 50, 'touch');
    g.up(1, 'touch');
    g.down(2, 100, 50, 'touch');
    expect(g.move(2, 130, 50, 'touch')).toEqual({ kind: 'endInspect' });
    expect(g.move(2, 140, 50, 'touch')).toEqual({ kind: 'pan', dx: 10 });
    expect(g.up(2, 'touch')).toEqual({ kind: 'none' });
  });
});
