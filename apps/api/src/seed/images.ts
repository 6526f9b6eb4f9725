import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { SeedScene } from './data/types.ts';
import { isLight, parseHex, random, shade, type Rgb } from './pictures/kit.ts';
import { productSceneSvg, stillLifeSvg, type ProductView } from './pictures/scenes.ts';

// Demo pictures are drawn from SVG at seed time so a fresh install needs no network and ships no
// binary assets. Products are drawn as their own object (pictures/objects.ts) in several views
// (pictures/scenes.ts); shading uses gradients only, no filters or blur, which are slow in librsvg.

export type ImageKind =
  'product' | 'vendor-logo' | 'logo' | 'banner' | 'slider' | 'blog' | 'icon' | 'background';

export type ImageSpec = {
  kind: ImageKind;
  label: string;
  /** Hex colour, `#rgb` or `#rrggbb`. */
  color: string;
  /** Picks layout variations so images of one colour still differ. */
  seed: number;
  /**
   * What the picture shows: required for products (their object, or a bundle's items), optional
   * for banners, sliders and blog pictures (a still life instead of abstract shapes).
   */
  scene?: SeedScene;
  /** Which of a product's gallery views this is (default: the front view). */
  view?: ProductView;
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

// Blog cards show the middle of the picture; sliders and banners carry text on their left half.
const STILL_LIFE_LAYOUT = {
  blog: { centre: 0.5, spread: 0.48 },
  banner: { centre: 0.7, spread: 0.36 },
  slider: { centre: 0.7, spread: 0.36 },
} as const;

export function buildSvg(spec: ImageSpec, outSize?: number): string {
  const rgb = parseHex(spec.color);
  const rand = random(spec.seed);
  const size = IMAGE_SIZES[spec.kind];
  const render = (): string => {
    switch (spec.kind) {
      case 'product':
        // No generic fallback: a product picture that does not know its object is a seed bug.
        if (!spec.scene?.length)
          throw new Error(`Product picture without an object: ${spec.label}`);
        return productSceneSvg(spec.scene, spec.view ?? 'front', size.width, spec.seed);
      case 'vendor-logo':
        return vendorLogoSvg(spec, rgb);
      case 'logo':
        return logoSvg(spec, rgb);
      case 'banner':
      case 'slider':
      case 'blog':
        return spec.scene?.length
          ? stillLifeSvg(
              spec.scene,
              spec.color,
              size.width,
              size.height,
              STILL_LIFE_LAYOUT[spec.kind],
              spec.seed,
            )
          : heroSvg(spec, rgb, rand, spec.kind);
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

export type RenderOptions = {
  /**
   * Folder of already encoded pictures, by a hash of their SVG and encoder: a fresh shop on a
   * machine that rendered the same drawing before copies it instead of rasterising it again.
   */
  cacheDir?: string;
};

async function throughCache(
  svg: string,
  format: string,
  options: RenderOptions,
  encode: () => Promise<Buffer>,
): Promise<Buffer> {
  if (!options.cacheDir) return encode();
  const key = createHash('sha256')
    .update(`${format}\0${sharp.versions.vips ?? ''}\0${svg}`)
    .digest('hex');
  const file = path.join(options.cacheDir, `${key}.${format.split(':')[0] ?? 'bin'}`);
  try {
    return await readFile(file);
  } catch {
    const buffer = await encode();
    // Best effort: a cache that cannot be written only costs the next start the rendering.
    try {
      await mkdir(options.cacheDir, { recursive: true });
      // Write then rename, so a concurrent start never reads half a file.
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await writeFile(temporary, buffer);
      await rename(temporary, file);
    } catch {
      // ignored on purpose, see above
    }
    return buffer;
  }
}

/** WebP at the kind's fixed size (see IMAGE_SIZES). */
export async function renderImage(spec: ImageSpec, options: RenderOptions = {}): Promise<Buffer> {
  const svg = buildSvg(spec);
  // effort 2 instead of the default 4: roughly halves encode time for a few % larger files,
  // which matters when ~230 images are generated at first start.
  return throughCache(svg, 'webp:80:2', options, () =>
    sharp(Buffer.from(svg)).webp({ quality: 80, effort: 2 }).toBuffer(),
  );
}

/** Square PNG, drawn natively at `size` (vector, not upscaled) — for manifest icons 192/512. */
export async function renderPng(
  spec: ImageSpec,
  size: number,
  options: RenderOptions = {},
): Promise<Buffer> {
  if (!Number.isInteger(size) || size <= 0 || size > 4096) {
    throw new Error(`Invalid PNG size: ${size}`);
  }
  const svg = buildSvg(spec, size);
  return throughCache(svg, 'png:9', options, () =>
    sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer(),
  );
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
