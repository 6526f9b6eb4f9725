// Compositions of the object drawings: a product's gallery views (studio front, close-up, in a
// room) and wide still lifes for blog posts and banners.
import type { SeedScene } from '../data/types.ts';
import {
  Defs,
  isLight,
  linear,
  lookOf,
  mix,
  num,
  parseHex,
  radial,
  random,
  shade,
  type Rgb,
} from './kit.ts';
import { drawingOf, FLOOR } from './objects.ts';

export type ProductView = 'front' | 'detail' | 'context';
/** The gallery of every product, in this order: the first is the list's thumbnail. */
export const PRODUCT_VIEWS: readonly ProductView[] = ['front', 'detail', 'context'];
/** Bundles show their items together: a close-up of one item would not show the bundle. */
export const BUNDLE_VIEWS: readonly ProductView[] = ['front', 'context'];

const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** Where each of `n` objects stands (centre x offset, scale) when shown together. */
function arrangement(n: number, width: number): { x: number; s: number }[] {
  if (n <= 1) return [{ x: 0, s: 1 }];
  const s = Math.min(0.95, (width / n / 400) * 1.15);
  const step = (width - 400 * s * 0.8) / (n - 1);
  return Array.from({ length: n }, (_, i) => ({
    x: -((n - 1) * step) / 2 + i * step,
    // Alternate sizes a little so a group does not look like a row of stamps.
    s: s * (i % 2 ? 0.92 : 1),
  }));
}

/** Objects standing on a floor line at `floorY`, centred on `cx`, `width` wide in total. */
function group(
  scene: SeedScene,
  cx: number,
  floorY: number,
  width: number,
  scale: number,
  defs: Defs,
) {
  const places = arrangement(scene.length, width / scale);
  let shadows = '';
  let objects = '';
  scene.forEach((item, i) => {
    const place = places[i] ?? { x: 0, s: 1 };
    const drawing = drawingOf(item.object);
    const s = place.s * scale;
    const x = cx + place.x * scale;
    if (drawing.footprint > 0) {
      shadows += `<ellipse cx="${num(x)}" cy="${num(floorY + 4 * s)}" rx="${num(drawing.footprint * s * 1.15)}" ry="${num(22 * s)}" fill="${shadowFill(defs)}"/>`;
    }
    const y = drawing.footprint > 0 ? floorY - FLOOR * s : floorY - FLOOR * s - 20 * s;
    objects += `<g transform="translate(${num(x)} ${num(y)}) scale(${num(s)})">${drawing.draw(lookOf(item.color), defs)}</g>`;
  });
  return shadows + objects;
}

function shadowFill(defs: Defs): string {
  return radial(defs, [
    [0, '#000000', 0.32],
    [0.6, '#000000', 0.12],
    [1, '#000000', 0],
  ]);
}

/** A seamless paper sweep, tinted so light objects still stand out. */
function studio(defs: Defs, rgb: Rgb, w: number, h: number, horizon: number): string {
  const base = isLight(rgb) ? parseHex('#ddd6cb') : parseHex('#f2efe9');
  const wall = mix(base, rgb, 0.08);
  const fill = linear(
    defs,
    [
      [0, shade(wall, 0.25)],
      [horizon - 0.02, shade(wall, 0)],
      [horizon + 0.04, shade(wall, 0.12)],
      [1, shade(wall, -0.06)],
    ],
    0,
    0,
    0,
    1,
  );
  const light = radial(
    defs,
    [
      [0, '#ffffff', 0.45],
      [1, '#ffffff', 0],
    ],
    0.5,
    0.4,
    0.5,
  );
  return `<rect width="${w}" height="${h}" fill="${fill}"/><rect width="${w}" height="${h}" fill="${light}"/>`;
}

const WALLS_FOR_LIGHT = ['#8e9d88', '#a08b78', '#7a8a99', '#b59a86'];
const WALLS_FOR_DARK = ['#e7ddd0', '#dfe5dc', '#e9dfd8', '#dde3e8'];

/** A room corner: painted wall with window light, a wooden table top, a sprig in a glass. */
function room(defs: Defs, wall: Rgb, w: number, h: number, tableY: number, rand: () => number) {
  const wallFill = linear(
    defs,
    [
      [0, shade(wall, 0.12)],
      [1, shade(wall, -0.1)],
    ],
    0,
    0,
    1,
    1,
  );
  const wood = linear(
    defs,
    [
      [0, '#b98a5e'],
      [1, '#8a5f3c'],
    ],
    0,
    0,
    0,
    1,
  );
  const lx = w * (0.1 + rand() * 0.2);
  const windowLight =
    `<path d="M${num(lx)} 0 H${num(lx + w * 0.22)} L${num(lx + w * 0.34)} ${num(tableY)} H${num(lx + w * 0.12)}Z" fill="#ffffff" opacity=".13"/>` +
    `<path d="M${num(lx + w * 0.26)} 0 H${num(lx + w * 0.36)} L${num(lx + w * 0.48)} ${num(tableY)} H${num(lx + w * 0.38)}Z" fill="#ffffff" opacity=".1"/>`;
  let grain = '';
  for (let i = 0; i < 5; i++) {
    const y = tableY + 14 + i * ((h - tableY) / 5);
    grain += `<path d="M0 ${num(y)} C${num(w * 0.3)} ${num(y - 6)} ${num(w * 0.6)} ${num(y + 8)} ${w} ${num(y)}" fill="none" stroke="#6e4a2e" stroke-width="2" opacity=".25"/>`;
  }
  return (
    `<rect width="${w}" height="${h}" fill="${wallFill}"/>` +
    windowLight +
    `<rect y="${num(tableY)}" width="${w}" height="${num(h - tableY)}" fill="${wood}"/>` +
    `<rect y="${num(tableY)}" width="${w}" height="6" fill="#d8b58c" opacity=".6"/>` +
    grain
  );
}

function sprig(x: number, floorY: number, scale: number): string {
  const leaves = [
    [-18, -150, -30],
    [20, -185, 35],
    [-14, -215, -25],
    [16, -245, 30],
    [0, -270, 0],
  ]
    .map(
      ([dx, dy, a]) =>
        `<ellipse cx="${dx}" cy="${dy}" rx="11" ry="24" transform="rotate(${a} ${dx} ${dy})" fill="#6f9a5a"/>`,
    )
    .join('');
  return (
    `<g transform="translate(${num(x)} ${num(floorY)}) scale(${num(scale)})" opacity=".95">` +
    `<path d="M0 -60 Q6 -160 0 -270" fill="none" stroke="#4f6f3f" stroke-width="4"/>${leaves}` +
    `<path d="M-26 0 V-70 Q-26 -86 -10 -92 V-110 H10 V-92 Q26 -86 26 -70 V0Z" fill="#dfeef0" opacity=".55" stroke="#ffffff" stroke-opacity=".7" stroke-width="3"/>` +
    `</g>`
  );
}

function hanger(x: number, y: number, s: number): string {
  return (
    `<g transform="translate(${num(x)} ${num(y)}) scale(${num(s)})">` +
    `<path d="M0 -40 Q0 -64 16 -64 Q30 -64 30 -50" fill="none" stroke="#8b8f96" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M-150 22 L0 -40 L150 22" fill="none" stroke="#9b6b43" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/></g>`
  );
}

function svg(w: number, h: number, defs: Defs, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ` +
    `preserveAspectRatio="xMidYMid slice">${defs.toString()}${body}</svg>`
  );
}

/**
 * One square gallery picture of a product (one object) or bundle (its items together).
 * `seed` varies the room between products so neighbouring cards do not look identical.
 */
export function productSceneSvg(
  scene: SeedScene,
  view: ProductView,
  size: number,
  seed: number,
): string {
  const defs = new Defs('p');
  const first = scene[0];
  if (!first) throw new Error('A product picture needs at least one object');
  const rgb = parseHex(first.color);
  const rand = random(seed);
  const single = scene.length === 1;
  const drawing = drawingOf(first.object);
  const k = size / 800;
  let body: string;
  if (view === 'front') {
    body =
      studio(defs, rgb, size, size, 0.78) +
      group(
        scene,
        size / 2,
        size * (single ? 0.82 : 0.68),
        single ? 640 * k : 760 * k,
        single ? 1.62 * k : 1.3 * k,
        defs,
      );
  } else if (view === 'detail' && single) {
    const [dx, dy, zoom] = drawing.detail;
    const s = 1.45 * k * zoom;
    body =
      studio(defs, rgb, size, size, 0.9) +
      `<g transform="translate(${num(size / 2)} ${num(size / 2)}) scale(${num(s)}) translate(${-dx} ${-dy})">${drawing.draw(lookOf(first.color), defs)}</g>`;
  } else {
    const walls = isLight(rgb) ? WALLS_FOR_LIGHT : WALLS_FOR_DARK;
    const wall = parseHex(walls[Math.floor(rand() * walls.length)] ?? '#e7ddd0');
    if (single && drawing.setting === 'hang') {
      // A garment on a hanger against the wall, above a skirting board.
      body =
        room(defs, wall, size, size, size * 0.93, rand) +
        `<rect x="0" y="${num(size * 0.06)}" width="${size}" height="${num(size * 0.02)}" fill="#7a5a3f"/>` +
        hanger(size / 2, size * 0.14, 1.1 * k) +
        `<g transform="translate(${num(size / 2)} ${num(size * 0.53)}) scale(${num(1.18 * k)})">${drawing.draw(lookOf(first.color), defs)}</g>`;
    } else {
      const tableY = size * 0.7;
      body =
        room(defs, wall, size, size, tableY, rand) +
        sprig(size * 0.84, tableY + 40 * k, 0.9 * k) +
        group(
          scene,
          size * 0.44,
          tableY + 60 * k,
          single ? 520 * k : 640 * k,
          single ? 1.05 * k : 0.9 * k,
          defs,
        );
    }
  }
  return svg(size, size, defs, body);
}

/**
 * A wide still life for a blog post or banner: the objects on a table against a wall of `color`,
 * `spread` of the width around `centre` (fractions of the width). Pages crop these pictures to
 * 16:5 and then to their box (a 16:9 card, a phone's slider), so the objects stay in the middle
 * band: standing at 74 % of the height and at most 44 % tall.
 */
export function stillLifeSvg(
  scene: SeedScene,
  color: string,
  w: number,
  h: number,
  layout: { centre: number; spread: number },
  seed: number,
): string {
  const defs = new Defs('s');
  // Strong brand colours make a loud wall: soften them towards white.
  const wall = mix(parseHex(color), WHITE, 0.45);
  const rand = random(seed);
  const tableY = h * 0.68;
  const floorY = h * 0.74;
  const width = w * layout.spread;
  // Objects are drawn about 380 units tall; a group of several is arranged smaller still.
  const scale = Math.min((h * 0.44) / 380, (width / Math.max(1, scene.length) / 400) * 1.3);
  const cx = w * layout.centre;
  const body =
    room(defs, wall, w, h, tableY, rand) +
    sprig(cx + width * 0.6, floorY - h * 0.02, (h / 800) * 0.9) +
    group(scene, cx, floorY, width, scale, defs);
  return svg(w, h, defs, body);
}
