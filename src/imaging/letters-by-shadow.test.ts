import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { components } from './components.js';
import { castShadow, lettersByShadow, lightLetters, mayBeLight } from './letters-by-shadow.js';

const [W, H, LINE] = [120, 40, 24];

/** Vertical strokes 4 px wide, 20 high, every 12 px from x0 to x1: the letters of a line. */
function strokes(x0: number, x1: number): Uint8Array {
  const m = new Uint8Array(W * H);
  for (let x = x0; x < x1; x += 12) for (let y = 10; y < 30; y++) for (let i = 0; i < 4; i++) m[y * W + x + i] = 1;
  return m;
}

/** Grey picture `ground` with the `letters` white (250) and, where `shadow`, a dark copy of them moved by it. */
function picture(letters: Uint8Array, ground: (x: number) => number, edge: 'shadow' | 'outline' | 'none'): Uint8Array {
  const g = new Uint8Array(W * H);
  for (let p = 0; p < g.length; p++) g[p] = ground(p % W);
  const darken = (x: number, y: number) => {
    if (x >= 0 && x < W && y >= 0 && y < H && !letters[y * W + x]) g[y * W + x] = 40;
  };
  for (let p = 0; p < g.length; p++) {
    if (!letters[p]) continue;
    const [x, y] = [p % W, (p / W) | 0];
    if (edge === 'shadow')
      for (const [dx, dy] of [
        [1, 1],
        [2, 2],
      ])
        darken(x + dx, y + dy);
    if (edge === 'outline')
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
        [2, 0],
        [-2, 0],
        [0, 2],
        [0, -2],
      ])
        darken(x + dx, y + dy);
  }
  for (let p = 0; p < g.length; p++) if (letters[p]) g[p] = 250;
  return g;
}

/** A dark ground up to x = 60, a white one after it. */
const halfWhite = (x: number) => (x < 60 ? 60 : 250);

describe('letters by their drop shadow', () => {
  it('reads the shadow direction and the strokes thickness off the letters', () => {
    const letters = strokes(4, 120);
    const shadow = castShadow(letters, 250, picture(letters, halfWhite, 'shadow'), 1, W, H, LINE);
    assert.ok(shadow);
    // Down and to the right (any offset up to the shadow's own is as dark).
    assert.ok(shadow.dx > 0 && shadow.dx === shadow.dy, `${shadow.dx}, ${shadow.dy}`);
    assert.ok(shadow.walk >= 4 && shadow.walk <= 6, String(shadow.walk));
  });

  it('finds no drop shadow on outlined letters or letters without one', () => {
    const letters = strokes(4, 120);
    assert.equal(castShadow(letters, 250, picture(letters, halfWhite, 'outline'), 1, W, H, LINE), null);
    assert.equal(castShadow(letters, 250, picture(letters, halfWhite, 'none'), 1, W, H, LINE), null);
  });

  it('takes light letters only, by their median brightness', () => {
    const letters = strokes(4, 120);
    assert.equal(lightLetters(letters, picture(letters, halfWhite, 'shadow'), 1), 250);
    const red = picture(letters, halfWhite, 'shadow').map((v, p) => (letters[p] ? 100 : v));
    assert.equal(lightLetters(letters, red, 1), null);
  });

  it('tells light letters by their colour before their grey is made', () => {
    const letters = strokes(4, 120);
    const coloured = (r: number, g: number, b: number) => {
      const rgb = new Uint8Array(3 * W * H);
      for (let p = 0; p < letters.length; p++) if (letters[p]) rgb.set([r, g, b], 3 * p);
      return rgb;
    };
    assert.equal(mayBeLight(letters, coloured(255, 255, 255)), true);
    assert.equal(mayBeLight(letters, coloured(255, 224, 0)), true);
    assert.equal(mayBeLight(letters, coloured(255, 64, 64)), false);
  });

  it('finds the letters over a white part of the picture by their shadow alone, not the white around them', () => {
    // The letters over the white ground merge with it.
    const all = strokes(4, 120);
    const grey = picture(all, halfWhite, 'shadow');
    const seen = strokes(4, 60);
    const shadow = castShadow(seen, 250, grey, 1, W, H, LINE);
    assert.ok(shadow);
    const light = new Uint8Array(W * H);
    for (let p = 0; p < light.length; p++) light[p] = p % W >= 60 && grey[p] >= shadow.dark ? 1 : 0;
    const found = lettersByShadow(components(light, W, H), grey, 1, W, shadow);
    let [hits, letters, strays] = [0, 0, 0];
    for (let p = 0; p < found.length; p++) {
      if (p % W < 60 || p % W >= W - 4) continue;
      if (all[p]) letters++;
      if (all[p] && found[p]) hits++;
      else if (found[p]) strays++;
    }
    assert.ok(hits >= 0.9 * letters, `${hits} of ${letters}`);
    assert.ok(strays <= 0.2 * letters, `${strays} strays`);
  });
});
