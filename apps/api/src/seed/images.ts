import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

// Demo pictures are drawn from SVG at seed time so a fresh install needs no network and ships no
// binary assets. SVGs stay deliberately small (few nodes, no filters or blur): the first start
// renders ~60 product images plus banners on a 2-core box and librsvg cost grows with complexity.

export type ImageKind =
  'product' | 'vendor-logo' | 'logo' | 'banner' | 'slider' | 'blog' | 'icon' | 'background';

export type ImageSpec = {
  kind: ImageKind;
  label: string;
  /** Hex colour, `#rgb` or `#rrggbb`. */
  color: string;
  /** Picks shape and layout variations so images of one colour still differ. */
  seed: number;
};

export const IMAGE_SIZES: Readonly<Record<ImageKind, { width: number; height: number }>> = {
  product: { width: 800, height: 800 },
  'vendor-logo': { width: 400, height: 400 },
  logo: { width: 480, height: 144 },
  banner: { width: 1920, height: 600 },
  slider: { width: 1920, height: 700 },
  blog: { width: 1200, height: 675 },
  icon: { width: 512, height: 512 },
  background: { width: 1920, height: 1080 },
};

// Generic family only: the container has whatever fontconfig provides and nothing is downloaded.
const FONT = 'font-family="sans-serif"';

type Rgb = { r: number; g: number; b: number };

function parseHex(color: string): Rgb {
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

function toHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** amount > 0 mixes towards white, < 0 towards black. */
function shade(rgb: Rgb, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const t = Math.abs(amount);
  return toHex({
    r: rgb.r + (target - rgb.r) * t,
    g: rgb.g + (target - rgb.g) * t,
    b: rgb.b + (target - rgb.b) * t,
  });
}

function isLight({ r, g, b }: Rgb): boolean {
  // Perceived luminance (Rec. 601) is enough to pick black or white text.
  return (r * 299 + g * 587 + b * 114) / 1000 > 160;
}

// Deterministic PRNG so re-seeding produces identical files (stable diffs, cache-friendly).
function random(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function escapeXml(text: string): string {
  return (
    text
      // Control characters are not allowed in XML 1.0 at all; librsvg would reject the document.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

export function initials(label: string): string {
  const words = label.split(/[\s\-_&.,/]+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  // Array.from keeps surrogate pairs and non-Latin letters (Cyrillic vendor names) intact.
  const letters = words
    .slice(0, 2)
    .map((w) => Array.from(w).find((c) => /\p{L}|\p{N}/u.test(c)) ?? '')
    .join('');
  return letters.toLocaleUpperCase() || '?';
}

// Average glyph advance of bold sans-serif fonts (DejaVu Sans Bold is among the widest) is
// ~0.65em; measuring real glyphs would need the font files, and a conservative estimate is enough
// to keep text inside the canvas.
const CHAR_WIDTH = 0.68;

function fitFont(text: string, maxWidth: number, maxSize: number, minSize = 12): number {
  const length = Math.max(1, Array.from(text).length);
  return Math.max(minSize, Math.min(maxSize, Math.floor(maxWidth / (length * CHAR_WIDTH))));
}

/** Greedy word wrap by estimated width; the last line is cut with an ellipsis. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.trim().split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (Array.from(candidate).length <= maxChars || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1] ?? ''}…`;
    return kept.map((line) => truncate(line, maxChars));
  }
  return lines.map((line) => truncate(line, maxChars));
}

function truncate(text: string, maxChars: number): string {
  const chars = Array.from(text);
  return chars.length <= maxChars ? text : `${chars.slice(0, maxChars - 1).join('')}…`;
}

function svgDoc(width: number, height: number, body: string, outW = width, outH = height): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" ` +
    `viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid slice">${body}</svg>`
  );
}

function linearGradient(id: string, from: string, to: string, angle: number): string {
  const rad = (angle * Math.PI) / 180;
  const x = Math.cos(rad) / 2;
  const y = Math.sin(rad) / 2;
  const f = (n: number) => n.toFixed(3);
  return (
    `<linearGradient id="${id}" x1="${f(0.5 - x)}" y1="${f(0.5 - y)}" x2="${f(0.5 + x)}" y2="${f(0.5 + y)}">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
  );
}

// Product objects drawn in a 400x400 box centred at (0,0); `main` is the object colour, `dark` its
// shaded side and `light` the highlight. Kept to a handful of paths each.
type Palette = { main: string; dark: string; light: string };

const PRODUCT_SHAPES: ((p: Palette) => string)[] = [
  // Mug
  (p) =>
    `<path d="M90 -60 h50 a60 60 0 0 1 0 120 h-50 v-30 h45 a30 30 0 0 0 0 -60 h-45z" fill="${p.dark}"/>` +
    `<rect x="-130" y="-120" width="230" height="260" rx="28" fill="${p.main}"/>` +
    `<rect x="-130" y="-120" width="230" height="34" rx="14" fill="${p.dark}"/>` +
    `<rect x="-100" y="-60" width="26" height="160" rx="13" fill="${p.light}" opacity=".55"/>`,
  // T-shirt
  (p) =>
    `<path d="M-70 -160 L-190 -100 L-150 -10 L-110 -30 L-110 170 L110 170 L110 -30 L150 -10 L190 -100 L70 -160 Q0 -100 -70 -160Z" fill="${p.main}"/>` +
    `<path d="M-70 -160 Q0 -100 70 -160 Q0 -130 -70 -160Z" fill="${p.dark}"/>` +
    `<rect x="-110" y="120" width="220" height="50" fill="${p.dark}" opacity=".35"/>`,
  // Tote bag
  (p) =>
    `<path d="M-70 -80 v-50 a70 70 0 0 1 140 0 v50" fill="none" stroke="${p.dark}" stroke-width="18" stroke-linecap="round"/>` +
    `<path d="M-160 -80 H160 L140 180 H-140Z" fill="${p.main}"/>` +
    `<path d="M-160 -80 H160 L156 -40 H-156Z" fill="${p.dark}"/>` +
    `<circle cx="0" cy="60" r="44" fill="${p.light}" opacity=".6"/>`,
  // Bottle
  (p) =>
    `<rect x="-34" y="-190" width="68" height="50" rx="10" fill="${p.dark}"/>` +
    `<path d="M-34 -140 h68 v30 q80 40 80 120 v160 q0 20 -20 20 h-188 q-20 0 -20 -20 v-160 q0 -80 80 -120z" fill="${p.main}"/>` +
    `<rect x="-114" y="20" width="228" height="90" fill="${p.light}" opacity=".7"/>` +
    `<rect x="-90" y="-20" width="20" height="170" rx="10" fill="${p.light}" opacity=".35"/>`,
  // Leaf
  (p) =>
    `<path d="M0 -180 C150 -120 170 60 0 180 C-170 60 -150 -120 0 -180Z" fill="${p.main}"/>` +
    `<path d="M0 -150 V190" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="M0 -40 L80 -100 M0 30 L-90 -30 M0 100 L90 40" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>`,
  // Ball / plate
  (p) =>
    `<circle r="170" fill="${p.main}"/>` +
    `<circle r="120" fill="${p.dark}" opacity=".35"/>` +
    `<circle cx="-60" cy="-70" r="40" fill="${p.light}" opacity=".6"/>`,
  // Gift box
  (p) =>
    `<rect x="-160" y="-60" width="320" height="230" rx="12" fill="${p.main}"/>` +
    `<rect x="-180" y="-120" width="360" height="80" rx="12" fill="${p.dark}"/>` +
    `<rect x="-25" y="-120" width="50" height="290" fill="${p.light}"/>` +
    `<path d="M0 -120 C-60 -200 -140 -150 -60 -120Z M0 -120 C60 -200 140 -150 60 -120Z" fill="${p.light}"/>`,
  // Desk lamp / candle-like cylinder with flame
  (p) =>
    `<rect x="-90" y="-60" width="180" height="230" rx="18" fill="${p.main}"/>` +
    `<ellipse cx="0" cy="-60" rx="90" ry="22" fill="${p.dark}"/>` +
    `<path d="M0 -170 C40 -120 30 -90 0 -80 C-30 -90 -40 -120 0 -170Z" fill="#ffd166"/>` +
    `<rect x="-60" y="0" width="18" height="140" rx="9" fill="${p.light}" opacity=".45"/>`,
  // Folded textiles: a stack of cloth
  (p) =>
    `<rect x="-180" y="70" width="360" height="90" rx="26" fill="${p.dark}"/>` +
    `<rect x="-170" y="-20" width="340" height="90" rx="26" fill="${p.main}"/>` +
    `<rect x="-160" y="-110" width="320" height="90" rx="26" fill="${p.dark}" opacity=".85"/>` +
    `<path d="M-150 -65 H150 M-160 25 H160 M-170 115 H170" stroke="${p.light}" stroke-width="6" stroke-dasharray="14 12" opacity=".6"/>`,
];

export const PRODUCT_SHAPE_COUNT = PRODUCT_SHAPES.length;

/** Which of the shapes above a product's picture shows, by the words of its slug. */
export function productShape(slug: string): number {
  const rules: [RegExp, number][] = [
    [/mug|cup|espresso|cappuccino|tumbler/, 0],
    [/shirt|dress|apron|hat|jacket|hoodie|sweater|scarf|shorts|trousers|socks|beanie/, 1],
    [/bag|tote|backpack|pack|pouch/, 2],
    [/bottle|flask|carafe|jug|vase|pitcher|kettle|grinder/, 3],
    [/tea|coffee|bean|blend|roast|filter|leaf|herb/, 4],
    [/plate|bowl|dish|dripper|platter|saucer|pot/, 5],
    [/set|box|kit|trio|gift/, 6],
    [/candle|lamp|lantern/, 7],
    [
      /sheet|towel|duvet|napkin|curtain|tablecloth|cushion|pillow|blanket|throw|runner|linen|cover|rug/,
      8,
    ],
  ];
  return rules.find(([pattern]) => pattern.test(slug))?.[1] ?? 6;
}

function productSvg(spec: ImageSpec, rgb: Rgb, rand: () => number): string {
  const { width: w, height: h } = IMAGE_SIZES.product;
  const shape = PRODUCT_SHAPES[Math.abs(Math.trunc(spec.seed)) % PRODUCT_SHAPES.length];
  const palette: Palette = { main: shade(rgb, 0), dark: shade(rgb, -0.3), light: '#ffffff' };
  // Pale background so the saturated object reads clearly; angle varies per seed.
  const bg = linearGradient('bg', shade(rgb, 0.88), shade(rgb, 0.6), 45 + rand() * 90);
  const dots = Array.from({ length: 3 }, () => {
    const r = 30 + rand() * 70;
    return `<circle cx="${(rand() * w).toFixed(0)}" cy="${(rand() * 560).toFixed(0)}" r="${r.toFixed(0)}" fill="#ffffff" opacity=".35"/>`;
  }).join('');
  const caption = truncate(spec.label, 40);
  const size = fitFont(caption, w - 80, 38, 20);
  const body =
    `<defs>${bg}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${dots}` +
    `<ellipse cx="400" cy="600" rx="200" ry="26" fill="${shade(rgb, -0.5)}" opacity=".18"/>` +
    `<g transform="translate(400 365) scale(1.1) rotate(${((rand() - 0.5) * 12).toFixed(1)})">${shape?.(palette) ?? ''}</g>` +
    (caption
      ? `<rect y="${h - 110}" width="${w}" height="110" fill="#ffffff" opacity=".85"/>` +
        `<text x="${w / 2}" y="${h - 55}" text-anchor="middle" dominant-baseline="central" ${FONT} ` +
        `font-size="${size}" font-weight="600" fill="${shade(rgb, -0.55)}">${escapeXml(caption)}</text>`
      : '');
  return svgDoc(w, h, body);
}

function monogram(
  text: string,
  cx: number,
  cy: number,
  size: number,
  fill: string,
  weight = 700,
): string {
  return (
    `<text x="${cx}" y="${cy}" text-anchor="middle" dominant-baseline="central" ${FONT} ` +
    `font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(text)}</text>`
  );
}

function vendorLogoSvg(spec: ImageSpec, rgb: Rgb): string {
  const { width: w, height: h } = IMAGE_SIZES['vendor-logo'];
  const text = initials(spec.label);
  const ink = isLight(rgb) ? shade(rgb, -0.75) : '#ffffff';
  // Transparent corners so the round logo sits on any page background.
  const body =
    `<defs>${linearGradient('bg', shade(rgb, 0.15), shade(rgb, -0.2), 60)}</defs>` +
    `<circle cx="200" cy="200" r="196" fill="url(#bg)"/>` +
    `<circle cx="200" cy="200" r="168" fill="none" stroke="${ink}" stroke-opacity=".35" stroke-width="6"/>` +
    monogram(text, 200, 204, text.length > 1 ? 150 : 190, ink);
  return svgDoc(w, h, body);
}

function logoSvg(spec: ImageSpec, rgb: Rgb): string {
  const { width: w, height: h } = IMAGE_SIZES.logo;
  const name = truncate(spec.label, 22);
  const ink = isLight(rgb) ? shade(rgb, -0.7) : shade(rgb, -0.25);
  const markInk = isLight(rgb) ? shade(rgb, -0.75) : '#ffffff';
  const size = fitFont(name, w - 160, 64, 20);
  // Mark + wordmark on transparency: the header decides the backdrop.
  const body =
    `<rect x="16" y="24" width="96" height="96" rx="24" fill="${shade(rgb, 0)}"/>` +
    `<circle cx="96" cy="40" r="14" fill="#ffffff" opacity=".35"/>` +
    monogram(initials(spec.label).slice(0, 1), 64, 74, 60, markInk) +
    `<text x="132" y="74" dominant-baseline="central" ${FONT} font-size="${size}" ` +
    `font-weight="700" fill="${ink}">${escapeXml(name)}</text>`;
  return svgDoc(w, h, body);
}

function heroSvg(spec: ImageSpec, rgb: Rgb, rand: () => number, kind: ImageKind): string {
  const { width: w, height: h } = IMAGE_SIZES[kind];
  const dark = isLight(rgb);
  const ink = dark ? shade(rgb, -0.75) : '#ffffff';
  const bg = linearGradient('bg', shade(rgb, 0.1), shade(rgb, -0.35), rand() * 40);
  const shapes = Array.from({ length: 5 }, (_, i) => {
    const r = h * (0.12 + rand() * 0.3);
    const cx = w * (0.55 + rand() * 0.45);
    const cy = h * rand();
    return i % 2 === 0
      ? `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="#ffffff" opacity="${(0.06 + rand() * 0.1).toFixed(2)}"/>`
      : `<rect x="${(cx - r / 2).toFixed(0)}" y="${(cy - r / 2).toFixed(0)}" width="${r.toFixed(0)}" height="${r.toFixed(0)}" rx="${(r / 5).toFixed(0)}" transform="rotate(${(rand() * 60 - 30).toFixed(0)} ${cx.toFixed(0)} ${cy.toFixed(0)})" fill="none" stroke="#ffffff" stroke-width="${Math.round(h / 60)}" opacity=".18"/>`;
  }).join('');
  // Soft wave along the bottom gives depth without a blur filter (filters are slow in librsvg).
  const wave = `<path d="M0 ${h * 0.8} C${w * 0.25} ${h * 0.7} ${w * 0.5} ${h * 0.95} ${w} ${h * 0.78} V${h} H0Z" fill="#ffffff" opacity=".1"/>`;

  const isBlog = kind === 'blog';
  const textWidth = w * (isBlog ? 0.84 : 0.6);
  const maxSize = isBlog ? 72 : Math.round(h * 0.16);
  const lines = wrap(spec.label, Math.max(8, Math.floor(textWidth / (maxSize * CHAR_WIDTH))), 3);
  const longest = lines.reduce((a, b) => (Array.from(b).length > Array.from(a).length ? b : a), '');
  const size = fitFont(longest, textWidth, maxSize, 28);
  const lineHeight = size * 1.2;
  const top = h / 2 - ((lines.length - 1) * lineHeight) / 2;
  const x = Math.round(w * (isBlog ? 0.08 : 0.08));
  const text = lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${(top + i * lineHeight).toFixed(0)}" dominant-baseline="central" ${FONT} ` +
        `font-size="${size}" font-weight="800" fill="${ink}">${escapeXml(line)}</text>`,
    )
    .join('');
  const accent = `<rect x="${x}" y="${(top - size * 1.05).toFixed(0)}" width="${Math.round(size * 1.6)}" height="${Math.max(6, Math.round(size / 9))}" rx="4" fill="${ink}" opacity=".7"/>`;
  const body =
    `<defs>${bg}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    shapes +
    wave +
    accent +
    text;
  return svgDoc(w, h, body);
}

function iconSvg(spec: ImageSpec, rgb: Rgb, outSize?: number): string {
  const { width: w, height: h } = IMAGE_SIZES.icon;
  const text = initials(spec.label);
  const ink = isLight(rgb) ? shade(rgb, -0.75) : '#ffffff';
  // Full-bleed square with the monogram inside the central 80 % so the icon also works as a
  // maskable PWA icon, where launchers crop to a circle or squircle.
  const body =
    `<defs>${linearGradient('bg', shade(rgb, 0.12), shade(rgb, -0.2), 90)}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    monogram(text, 256, 262, text.length > 1 ? 180 : 230, ink);
  return svgDoc(w, h, body, outSize ?? w, outSize ?? h);
}

// The label is unused: the maintenance page draws its own text on top of this background.
function backgroundSvg(rgb: Rgb, rand: () => number): string {
  const { width: w, height: h } = IMAGE_SIZES.background;
  const tile = 96;
  // A repeated <pattern> tile keeps the node count constant however large the canvas is.
  const pattern =
    `<pattern id="p" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse">` +
    `<circle cx="12" cy="12" r="4" fill="${shade(rgb, 0.55)}"/>` +
    `<circle cx="60" cy="60" r="2.5" fill="${shade(rgb, 0.6)}"/></pattern>`;
  const blobs = Array.from({ length: 4 }, () => {
    const r = 200 + rand() * 320;
    return `<circle cx="${(rand() * w).toFixed(0)}" cy="${(rand() * h).toFixed(0)}" r="${r.toFixed(0)}" fill="${shade(rgb, 0.5)}" opacity=".25"/>`;
  }).join('');
  const body =
    `<defs>${linearGradient('bg', shade(rgb, 0.92), shade(rgb, 0.78), 70)}${pattern}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>${blobs}` +
    `<rect width="${w}" height="${h}" fill="url(#p)" opacity=".6"/>`;
  return svgDoc(w, h, body);
}

export function buildSvg(spec: ImageSpec, outSize?: number): string {
  const rgb = parseHex(spec.color);
  const rand = random(spec.seed);
  const size = IMAGE_SIZES[spec.kind];
  const render = (): string => {
    switch (spec.kind) {
      case 'product':
        return productSvg(spec, rgb, rand);
      case 'vendor-logo':
        return vendorLogoSvg(spec, rgb);
      case 'logo':
        return logoSvg(spec, rgb);
      case 'banner':
      case 'slider':
      case 'blog':
        return heroSvg(spec, rgb, rand, spec.kind);
      case 'icon':
        return iconSvg(spec, rgb, outSize);
      case 'background':
        return backgroundSvg(rgb, rand);
    }
  };
  const svg = render();
  if (outSize === undefined || spec.kind === 'icon') return svg;
  // Other kinds: re-declare the output size; the viewBox + "slice" crops to a square centre.
  return svg.replace(
    `width="${size.width}" height="${size.height}" viewBox`,
    `width="${outSize}" height="${outSize}" viewBox`,
  );
}

/** WebP at the kind's fixed size (see IMAGE_SIZES). */
export async function renderImage(spec: ImageSpec): Promise<Buffer> {
  // effort 2 instead of the default 4: roughly halves encode time for a few % larger files,
  // which matters when ~70 images are generated at first start.
  return sharp(Buffer.from(buildSvg(spec)))
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}

/** Square PNG, drawn natively at `size` (vector, not upscaled) — for manifest icons 192/512. */
export async function renderPng(spec: ImageSpec, size: number): Promise<Buffer> {
  if (!Number.isInteger(size) || size <= 0 || size > 4096) {
    throw new Error(`Invalid PNG size: ${size}`);
  }
  return sharp(Buffer.from(buildSvg(spec, size)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * Writes `{dir}/{name}` (creating folders; `name` may contain sub-folders such as
 * `products/mug.webp`) and returns the path relative to `dir` with forward slashes, which is the
 * form stored in the database and served under the media URL.
 */
export async function writeImage(dir: string, name: string, buffer: Buffer): Promise<string> {
  const root = path.resolve(dir);
  const file = path.resolve(root, name);
  const relative = path.relative(root, file);
  // Names come from slugs; refuse anything that would land outside the media folder.
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(`Image name escapes the target folder: ${name}`);
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, buffer);
  return relative.split(path.sep).join('/');
}
