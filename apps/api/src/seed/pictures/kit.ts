// Small SVG toolkit for the demo pictures: colours, gradients with document-unique ids, and smooth
// outlines. Shading comes from gradients only (no filters: librsvg filters are slow).

import { mulberry32 } from '@shop/domain';

export type Rgb = { r: number; g: number; b: number };

export function parseHex(color: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  const hex = match?.[1];
  // Seed colours are hand-written; a typo should fail loudly instead of yielding grey pictures.
  if (!hex) throw new Error(`Invalid hex colour: ${color}`);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  };
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** amount > 0 mixes towards white, < 0 towards black. */
export function shade(rgb: Rgb, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const t = Math.abs(amount);
  return toHex({
    r: rgb.r + (target - rgb.r) * t,
    g: rgb.g + (target - rgb.g) * t,
    b: rgb.b + (target - rgb.b) * t,
  });
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

export function isLight({ r, g, b }: Rgb): boolean {
  // Perceived luminance (Rec. 601) is enough to pick black or white text.
  return (r * 299 + g * 587 + b * 114) / 1000 > 160;
}

/** The tones one material colour needs to look lit from the upper left. */
export type Look = {
  rgb: Rgb;
  main: string;
  light: string;
  shine: string;
  dark: string;
  deep: string;
};

export function lookOf(color: string | Rgb): Look {
  const rgb = typeof color === 'string' ? parseHex(color) : color;
  // Very light materials (white porcelain, linen) need a visible shaded side, very dark ones a
  // visible highlight; fixed mixing amounts would leave either flat.
  const light = isLight(rgb);
  return {
    rgb,
    main: toHex(rgb),
    light: shade(rgb, light ? 0.5 : 0.25),
    shine: shade(rgb, 0.75),
    dark: shade(rgb, light ? -0.14 : -0.28),
    deep: shade(rgb, light ? -0.3 : -0.5),
  };
}

/** Collects <defs> entries; ids carry a per-picture prefix so several objects share a document. */
export class Defs {
  private n = 0;
  readonly items: string[] = [];
  private readonly prefix: string;
  constructor(prefix = 'g') {
    this.prefix = prefix;
  }

  add(make: (id: string) => string): string {
    const id = `${this.prefix}${this.n++}`;
    this.items.push(make(id));
    return `url(#${id})`;
  }

  toString(): string {
    return this.items.length ? `<defs>${this.items.join('')}</defs>` : '';
  }
}

export type Stop = [offset: number, color: string, opacity?: number];

const stops = (list: Stop[]) =>
  list
    .map(
      ([o, c, a]) =>
        `<stop offset="${Math.round(o * 1000) / 1000}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');

export function linear(defs: Defs, list: Stop[], x1 = 0, y1 = 0, x2 = 1, y2 = 0): string {
  return defs.add(
    (id) =>
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`,
  );
}

export function radial(defs: Defs, list: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  return defs.add(
    (id) =>
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`,
  );
}

/** Round body lit from the left: the classic turned-object shading. */
export function cylinder(defs: Defs, look: Look): string {
  return linear(defs, [
    [0, look.dark],
    [0.22, look.light],
    [0.34, look.shine],
    [0.5, look.main],
    [0.85, look.dark],
    [1, look.deep],
  ]);
}

/** Soft cloth shading: lighter top-left, darker bottom-right. */
export function cloth(defs: Defs, look: Look): string {
  return linear(
    defs,
    [
      [0, look.light],
      [0.45, look.main],
      [1, look.dark],
    ],
    0,
    0,
    0.8,
    1,
  );
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** Smooth curve through points (Catmull-Rom as cubic Béziers), without the initial move. */
export function curveThrough(points: [number, number][]): string {
  let d = '';
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)] as [number, number];
    const p1 = points[i] as [number, number];
    const p2 = points[i + 1] as [number, number];
    const p3 = points[Math.min(points.length - 1, i + 2)] as [number, number];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0] ?? 0)} ${f(c1[1] ?? 0)} ${f(c2[0] ?? 0)} ${f(c2[1] ?? 0)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

/**
 * Outline of a turned object (mug, vase, bottle…) from its profile: `[y, radius]` pairs from top
 * to bottom, mirrored around x = 0.
 */
export function lathe(profile: [number, number][], cx = 0): string {
  const right = profile.map(([y, r]) => [cx + r, y] as [number, number]);
  const left = [...profile].reverse().map(([y, r]) => [cx - r, y] as [number, number]);
  const [r0] = right;
  const [l0] = left;
  if (!r0 || !l0) return '';
  return `M${f(r0[0])} ${f(r0[1])}${curveThrough(right)}L${f(l0[0])} ${f(l0[1])}${curveThrough(left)}Z`;
}

/** A glaze highlight that follows the profile on the lit side. */
export function gloss(profile: [number, number][], cx = 0, from = 0.62, to = 0.46): string {
  const outer = profile.map(([y, r]) => [cx - r * from, y] as [number, number]);
  const inner = [...profile].reverse().map(([y, r]) => [cx - r * to, y] as [number, number]);
  const [o0] = outer;
  const [i0] = inner;
  if (!o0 || !i0) return '';
  return `M${f(o0[0])} ${f(o0[1])}${curveThrough(outer)}L${f(i0[0])} ${f(i0[1])}${curveThrough(inner)}Z`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, attrs: string): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" ${attrs}/>`;
}

// Deterministic PRNG so re-seeding produces identical files (stable diffs, cache-friendly); a
// seed of 0 stands for another, as it always did here, so the pictures stay the same.
export const random = (seed: number): (() => number) => mulberry32(seed >>> 0 || 0x9e3779b9);

export const num = f;
