// One parametric drawing per kind of object the demo shop sells. Each draws in a 400 × 400 box
// centred at (0, 0), standing on the floor line y = FLOOR, lit from the upper left; colour comes
// from the product (`Look`), fixed details (cork, leaves, labels) bring their own colours.
import type { SeedObject } from '../data/types.ts';
import {
  cloth,
  curveThrough,
  cylinder,
  type Defs,
  ellipse,
  gloss,
  lathe,
  linear,
  lookOf,
  num,
  radial,
  random,
  type Look,
} from './kit.ts';

export const FLOOR = 170;

export type ObjectDrawing = {
  draw: (look: Look, defs: Defs) => string;
  /** Centre and zoom of the close-up view (in the 400 × 400 box). */
  detail: [x: number, y: number, zoom: number];
  /** Half-width of the contact shadow on the floor. */
  footprint: number;
  /** Garments are shown on a hanger in the "in context" view, everything else on a table. */
  setting: 'stand' | 'hang';
};

const CLAY = lookOf('#b98b68');
const CORK = lookOf('#b08a5a');
const LEAF = lookOf('#5e8c4a');
const WOOD = lookOf('#a9784f');
const STEEL = lookOf('#b8bcc2');
const KRAFT = lookOf('#c9a877');
const PAPER = lookOf('#f3eee2');
const INK = '#2b2b2e';

const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;
const stroke = (d: string, color: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`;
const at = (x: number, y: number, body: string, scale = 1) =>
  `<g transform="translate(${num(x)} ${num(y)})${scale === 1 ? '' : ` scale(${scale})`}">${body}</g>`;

// ───────────── turned objects ─────────────

type Profile = [number, number][];

/** Body of a turned object with glaze highlight; `open` shows the inside through the rim. */
function turned(look: Look, defs: Defs, profile: Profile, open: boolean, glossy = true): string {
  const [top] = profile;
  if (!top) return '';
  let out = path(lathe(profile), cylinder(defs, look));
  if (glossy) out += path(gloss(profile), '#ffffff', 'opacity=".38"');
  if (open) {
    const [y, r] = top;
    const inside = linear(
      defs,
      [
        [0, look.deep],
        [1, look.dark],
      ],
      0,
      0,
      0,
      1,
    );
    out += ellipse(0, y, r, r * 0.24, `fill="${inside}" stroke="${look.light}" stroke-width="4"`);
  } else {
    const [y, r] = top;
    out += ellipse(0, y, r, r * 0.22, `fill="${look.light}"`);
  }
  return out;
}

function speckles(seed: number, profile: Profile, count: number, color: string): string {
  const rand = random(seed);
  const ys = profile.map(([y]) => y);
  const top = Math.min(...ys) + 12;
  const bottom = Math.max(...ys) - 8;
  let out = '';
  for (let i = 0; i < count; i++) {
    const y = top + rand() * (bottom - top);
    // Radius at y by linear interpolation of the profile.
    let r = 0;
    for (let j = 0; j < profile.length - 1; j++) {
      const [y0, r0] = profile[j] as [number, number];
      const [y1, r1] = profile[j + 1] as [number, number];
      if (y >= y0 && y <= y1) r = r0 + ((r1 - r0) * (y - y0)) / Math.max(1, y1 - y0);
    }
    const x = (rand() * 2 - 1) * r * 0.92;
    out += `<circle cx="${num(x)}" cy="${num(y)}" r="${num(1.5 + rand() * 2.5)}" fill="${color}" opacity=".55"/>`;
  }
  return out;
}

function handle(look: Look, x: number, top: number, bottom: number, reach: number, width = 22) {
  const d = `M${x} ${top} C${x + reach} ${top - 10} ${x + reach} ${bottom + 10} ${x - 4} ${bottom}`;
  return stroke(d, look.dark, width) + stroke(d, look.light, width * 0.3, 'opacity=".55"');
}

const mugProfile: Profile = [
  [-60, 100],
  [40, 102],
  [130, 98],
  [160, 90],
  [170, 78],
];

function mug(look: Look, defs: Defs): string {
  const foot: Profile = [
    [140, 97],
    [160, 90],
    [170, 78],
  ];
  return (
    handle(look, 92, -20, 110, 95, 26) +
    turned(look, defs, mugProfile, true) +
    path(lathe(foot), cylinder(defs, CLAY)) +
    speckles(11, mugProfile.slice(0, 3), 40, look.deep)
  );
}

function cup(look: Look, defs: Defs): string {
  const profile: Profile = [
    [20, 92],
    [60, 86],
    [100, 64],
    [122, 44],
  ];
  return (
    ellipse(0, 130, 140, 34, `fill="${look.dark}"`) +
    ellipse(0, 124, 138, 32, `fill="${cylinder(defs, look)}"`) +
    ellipse(0, 122, 80, 17, `fill="${look.dark}" opacity=".5"`) +
    handle(look, 84, 40, 92, 60, 16) +
    turned(look, defs, profile, true)
  );
}

function cups(look: Look, defs: Defs): string {
  return at(-88, -10, cup(look, defs), 0.82) + at(78, 20, cup(look, defs), 0.92);
}

function plateAt(look: Look, defs: Defs, y: number, rx: number, ry: number): string {
  return (
    ellipse(0, y + 12, rx, ry, `fill="${look.deep}"`) +
    ellipse(0, y, rx, ry, `fill="${cylinder(defs, look)}"`) +
    ellipse(0, y + 6, rx * 0.7, ry * 0.66, `fill="${look.dark}" opacity=".45"`) +
    ellipse(0, y + 4, rx * 0.68, ry * 0.62, `fill="${look.main}"`) +
    path(
      `M${-rx * 0.86} ${y - ry * 0.2} Q${-rx * 0.6} ${y - ry * 0.95} ${-rx * 0.05} ${y - ry * 0.92}`,
      'none',
      `stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".5"`,
    )
  );
}

function plate(look: Look, defs: Defs): string {
  return plateAt(look, defs, 130, 185, 58) + plateAt(look, defs, 108, 185, 58);
}

function platter(look: Look, defs: Defs): string {
  return plateAt(look, defs, 110, 196, 70) + speckles(5, [[60, 150]], 0, look.deep);
}

function bowlShape(look: Look, defs: Defs, r: number, depth: number, seed: number): string {
  const top = FLOOR - depth;
  const profile: Profile = [
    [top, r],
    [top + depth * 0.45, r * 0.9],
    [top + depth * 0.8, r * 0.64],
    [FLOOR, r * 0.42],
  ];
  return turned(look, defs, profile, true) + speckles(seed, profile, Math.round(r / 3), look.deep);
}

function bowl(look: Look, defs: Defs): string {
  return bowlShape(look, defs, 170, 190, 3);
}

function saladBowl(look: Look, defs: Defs): string {
  const leaves = [-110, -60, -10, 40, 95]
    .map(
      (x, i) =>
        `<ellipse cx="${x}" cy="${-10 - (i % 2) * 14}" rx="46" ry="26" transform="rotate(${-30 + i * 15} ${x} -10)" fill="${i % 2 ? LEAF.main : LEAF.light}"/>`,
    )
    .join('');
  return leaves + bowlShape(look, defs, 190, 170, 8);
}

function teaBowls(look: Look, defs: Defs): string {
  const one = () =>
    turned(
      look,
      defs,
      [
        [0, 95],
        [60, 92],
        [130, 66],
        [170, 44],
      ],
      true,
    );
  return at(-92, -20, one(), 0.85) + at(80, 0, one());
}

function teapot(look: Look, defs: Defs): string {
  const body: Profile = [
    [-40, 70],
    [0, 125],
    [70, 140],
    [130, 118],
    [162, 82],
    [170, 66],
  ];
  const spout = path(
    'M-110 40 C-150 20 -175 -30 -195 -75 L-178 -86 C-160 -50 -135 -20 -95 -10 Z',
    cylinder(defs, look),
  );
  const lid: Profile = [
    [-78, 10],
    [-62, 48],
    [-44, 72],
  ];
  return (
    handle(look, 112, -10, 110, 100, 24) +
    spout +
    turned(look, defs, body, false) +
    turned(look, defs, lid, false) +
    ellipse(0, -82, 16, 10, `fill="${look.dark}"`)
  );
}

function dripper(look: Look, defs: Defs): string {
  const cone: Profile = [
    [-80, 150],
    [10, 112],
    [90, 62],
    [112, 52],
  ];
  const ribs = [-0.6, -0.3, 0, 0.3, 0.6]
    .map((t) => stroke(`M${num(t * 140)} -60 L${num(t * 56)} 100`, look.dark, 5, 'opacity=".35"'))
    .join('');
  const glass: Profile = [
    [120, 90],
    [150, 96],
    [170, 84],
  ];
  return (
    turned(lookOf('#d6dde0'), defs, glass, false) +
    ellipse(0, 116, 112, 20, `fill="${look.dark}"`) +
    handle(look, 120, -50, 20, 70, 20) +
    turned(look, defs, cone, true) +
    ribs
  );
}

function vase(look: Look, defs: Defs): string {
  const profile: Profile = [
    [-190, 52],
    [-160, 44],
    [-80, 62],
    [20, 98],
    [110, 102],
    [155, 86],
    [170, 70],
  ];
  const ribs = [-0.85, -0.6, -0.32, 0, 0.32, 0.6, 0.85]
    .map((t) => {
      const pts = profile.slice(1, -1).map(([y, r]) => [t * r, y] as [number, number]);
      const [p0] = pts;
      return p0
        ? stroke(`M${num(p0[0])} ${num(p0[1])}${curveThrough(pts)}`, look.deep, 4, 'opacity=".5"')
        : '';
    })
    .join('');
  return turned(look, defs, profile, true) + ribs;
}

function cruet(look: Look, defs: Defs): string {
  const profile: Profile = [
    [-150, 16],
    [-100, 18],
    [-40, 30],
    [0, 78],
    [60, 96],
    [140, 94],
    [162, 84],
    [170, 70],
  ];
  const cork = path('M-18 -178 h36 v34 h-36z', cylinder(defs, CORK));
  const spout = path('M-6 -178 L-2 -200 L48 -222 L52 -214 L8 -192 L8 -178Z', cylinder(defs, STEEL));
  return (
    spout +
    cork +
    turned(look, defs, profile, false) +
    speckles(4, profile.slice(3), 30, look.deep) +
    // A drop of oil on the lip: it is an oil cruet.
    ellipse(50, -216, 5, 7, `fill="#c9b23c"`)
  );
}

function carafe(look: Look, defs: Defs): string {
  const profile: Profile = [
    [-170, 46],
    [-150, 36],
    [-100, 38],
    [-30, 80],
    [60, 108],
    [140, 104],
    [170, 84],
  ];
  return turned(look, defs, profile, true) + speckles(9, profile.slice(2), 30, look.deep);
}

function butterDish(look: Look, defs: Defs): string {
  const cover: Profile = [
    [10, 40],
    [40, 120],
    [100, 150],
    [132, 158],
  ];
  return (
    plateAt(look, defs, 138, 196, 38) +
    turned(look, defs, cover, false) +
    ellipse(0, 6, 24, 12, `fill="${look.dark}"`) +
    ellipse(0, 0, 20, 10, `fill="${look.light}"`)
  );
}

function candle(defs: Defs, x: number, top: number, h: number): string {
  const wax = lookOf('#f4efe4');
  const glow = radial(defs, [
    [0, '#ffd27a', 0.55],
    [1, '#ffd27a', 0],
  ]);
  return (
    `<circle cx="${x}" cy="${top - 40}" r="70" fill="${glow}"/>` +
    at(
      x,
      0,
      turned(
        wax,
        defs,
        [
          [top, 26],
          [top + h, 26],
        ],
        false,
      ),
    ) +
    stroke(`M${x} ${top - 4} v-14`, INK, 3) +
    path(
      `M${x} ${top - 58} C${x + 14} ${top - 36} ${x + 12} ${top - 18} ${x} ${top - 14} C${x - 12} ${top - 18} ${x - 14} ${top - 36} ${x} ${top - 58}Z`,
      linear(
        defs,
        [
          [0, '#fff3b0'],
          [1, '#ff9f2e'],
        ],
        0,
        0,
        0,
        1,
      ),
    )
  );
}

function candleHolders(look: Look, defs: Defs): string {
  const holder = (h: number) =>
    turned(
      look,
      defs,
      [
        [FLOOR - h, 48],
        [FLOOR - h * 0.4, 40],
        [FLOOR - 10, 58],
        [FLOOR, 60],
      ],
      false,
    );
  return (
    at(-90, 0, holder(150) + at(0, 0, candle(defs, 0, FLOOR - 240, 90))) +
    at(90, 0, holder(100) + at(0, 0, candle(defs, 0, FLOOR - 190, 90)))
  );
}

function planter(look: Look, defs: Defs): string {
  const pot: Profile = [
    [10, 126],
    [40, 120],
    [140, 94],
    [170, 86],
  ];
  const rim: Profile = [
    [-6, 134],
    [30, 132],
  ];
  const rand = random(21);
  let leaves = '';
  for (let i = 0; i < 14; i++) {
    const x = (rand() * 2 - 1) * 100;
    const y = -20 - rand() * 150;
    const angle = (x / 100) * 50 + (rand() - 0.5) * 30;
    leaves +=
      stroke(
        `M${num(x * 0.3)} 0 Q${num(x * 0.6)} ${num(y / 2)} ${num(x)} ${num(y)}`,
        LEAF.deep,
        4,
      ) +
      `<ellipse cx="${num(x)}" cy="${num(y)}" rx="16" ry="34" transform="rotate(${num(angle)} ${num(x)} ${num(y)})" fill="${i % 3 ? LEAF.main : LEAF.light}"/>`;
  }
  return (
    leaves +
    turned(look, defs, pot, false, true) +
    turned(look, defs, rim, true) +
    ellipse(0, -6, 118, 24, `fill="#4a3526"`)
  );
}

function teaTin(look: Look, defs: Defs): string {
  const body: Profile = [
    [-80, 92],
    [170, 92],
  ];
  const lid: Profile = [
    [-110, 96],
    [-50, 96],
  ];
  const label = PAPER;
  return (
    turned(look, defs, body, false) +
    path('M-92 0 h184 v110 h-184z', cylinder(defs, label)) +
    `<path d="M0 22 C26 40 26 72 0 92 C-26 72 -26 40 0 22Z" fill="${LEAF.main}"/>` +
    stroke('M0 30 V90', LEAF.deep, 3) +
    stroke('M-60 104 H60', look.deep, 5, 'opacity=".6"') +
    turned(lookOf(look.dark), defs, lid, false)
  );
}

function tumbler(look: Look, defs: Defs): string {
  const body: Profile = [
    [-120, 66],
    [60, 62],
    [150, 56],
    [170, 52],
  ];
  const lid: Profile = [
    [-170, 60],
    [-120, 68],
  ];
  const metal = linear(defs, [
    [0, look.deep],
    [0.15, look.main],
    [0.28, look.shine],
    [0.36, look.main],
    [0.62, look.dark],
    [0.78, look.light],
    [1, look.deep],
  ]);
  return (
    path(lathe(body), metal) +
    path(lathe(lid), cylinder(defs, lookOf(INK))) +
    ellipse(0, -170, 60, 13, `fill="#3d3d42"`) +
    path('M12 -176 h26 v8 h-26z', '#111')
  );
}

function steelBottle(look: Look, defs: Defs): string {
  const body: Profile = [
    [-120, 44],
    [-90, 64],
    [-50, 68],
    [140, 68],
    [170, 60],
  ];
  const cap: Profile = [
    [-178, 36],
    [-124, 40],
  ];
  const metal = linear(defs, [
    [0, look.deep],
    [0.2, look.main],
    [0.3, look.shine],
    [0.42, look.main],
    [0.8, look.dark],
    [1, look.deep],
  ]);
  return (
    stroke('M22 -170 C60 -200 60 -140 30 -140', STEEL.dark, 10) +
    path(lathe(body), metal) +
    path(lathe(cap), cylinder(defs, STEEL)) +
    ellipse(0, -178, 36, 8, `fill="${STEEL.light}"`)
  );
}

function campMug(look: Look, defs: Defs): string {
  const profile: Profile = [
    [-20, 122],
    [160, 118],
    [170, 108],
  ];
  const rim = '#1f2f46';
  return (
    handle(lookOf(look.main), 110, 0, 110, 80, 22) +
    turned(look, defs, profile, true, true) +
    ellipse(0, -20, 122, 29, `fill="none" stroke="${rim}" stroke-width="7"`) +
    speckles(31, profile, 26, '#9aa3ad')
  );
}

function paperFilters(look: Look, defs: Defs): string {
  let out = '';
  for (let i = 4; i >= 0; i--) {
    const dx = i * 10;
    const dy = i * -8;
    out += at(
      dx,
      dy,
      path('M-150 -110 Q0 -130 150 -110 L70 150 Q0 158 -70 150Z', cloth(defs, look)) +
        stroke('M-150 -110 L-70 150', look.deep, 3, 'stroke-dasharray="5 5"') +
        stroke('M-70 150 Q0 158 70 150', look.deep, 3, 'stroke-dasharray="5 5"'),
    );
  }
  return out;
}

// ───────────── packaging and paper ─────────────

function coffeeBag(look: Look, defs: Defs): string {
  const rand = random(7);
  let beans = '';
  for (let i = 0; i < 9; i++) {
    const x = -170 + rand() * 340;
    const y = 150 + rand() * 22;
    const a = rand() * 180;
    beans +=
      `<g transform="translate(${num(x)} ${num(y)}) rotate(${num(a)})">` +
      `<ellipse rx="15" ry="10" fill="#4a2c1c"/><path d="M-12 0 Q0 -5 12 0" fill="none" stroke="#24150d" stroke-width="2.5"/></g>`;
  }
  return (
    path(
      'M-120 -150 L120 -150 L132 130 Q132 165 100 165 H-100 Q-132 165 -132 130 Z',
      cloth(defs, look),
    ) +
    path('M-120 -150 L120 -150 L121 -120 L-121 -120Z', look.deep) +
    stroke(
      Array.from({ length: 16 }, (_, i) => `M${-114 + i * 15} -148 v24`).join(' '),
      look.dark,
      2,
    ) +
    path('M-86 -40 H86 V90 H-86Z', PAPER.main) +
    `<circle cx="0" cy="0" r="22" fill="${look.main}"/>` +
    `<ellipse cx="0" cy="0" rx="9" ry="14" fill="${PAPER.main}"/>` +
    stroke('M-60 44 H60 M-44 64 H44', look.dark, 6) +
    `<circle cx="80" cy="-88" r="10" fill="${look.deep}"/><circle cx="80" cy="-88" r="5" fill="${look.light}"/>` +
    path('M-128 -110 L-118 150', '#ffffff', 'opacity=".25" stroke="#ffffff" stroke-width="10"') +
    beans
  );
}

function book(look: Look, defs: Defs, cover: string): string {
  return (
    path('M-120 -170 L140 -158 L140 170 L-120 160Z', PAPER.dark) +
    stroke('M-118 164 L138 172 M-118 158 L138 166', PAPER.deep, 2) +
    path('M-140 -176 L120 -170 L120 160 L-140 166Z', cloth(defs, look)) +
    path('M-140 -176 L-116 -175 L-116 165 L-140 166Z', look.deep, 'opacity=".45"') +
    cover +
    stroke('M-90 110 H80 M-90 132 H30', PAPER.light, 8)
  );
}

function guidebook(look: Look, defs: Defs): string {
  return book(
    look,
    defs,
    path('M-100 60 L-40 -40 L0 20 L40 -70 L100 60Z', PAPER.light) +
      path('M-40 -40 L-24 -12 L-48 0Z M40 -70 L56 -40 L28 -30Z', '#ffffff') +
      `<circle cx="70" cy="-110" r="22" fill="#f6d36b"/>`,
  );
}

function handbook(look: Look, defs: Defs): string {
  return book(
    look,
    defs,
    path('M-60 -50 H60 L50 40 Q0 60 -50 40Z', PAPER.light) +
      stroke('M60 -30 C95 -30 95 20 55 18', PAPER.light, 10) +
      stroke('M-20 -80 q10 -14 0 -28 M10 -80 q10 -14 0 -28', PAPER.light, 5),
  );
}

// ───────────── textiles ─────────────

type Fold = 'plain' | 'border' | 'waffle' | 'knit' | 'check' | 'band' | 'twine';

function pattern(defs: Defs, look: Look, kind: Fold): string {
  switch (kind) {
    case 'waffle':
      return defs.add(
        (id) =>
          `<pattern id="${id}" width="16" height="16" patternUnits="userSpaceOnUse"><rect width="16" height="16" fill="none" stroke="${look.deep}" stroke-width="2.5" opacity=".35"/></pattern>`,
      );
    case 'knit':
      return defs.add(
        (id) =>
          `<pattern id="${id}" width="14" height="14" patternUnits="userSpaceOnUse"><path d="M0 0 L7 10 L14 0" fill="none" stroke="${look.deep}" stroke-width="2.2" opacity=".4"/></pattern>`,
      );
    case 'check':
      return defs.add(
        (id) =>
          `<pattern id="${id}" width="44" height="44" patternUnits="userSpaceOnUse"><rect width="22" height="44" fill="#ffffff" opacity=".28"/><rect width="44" height="22" fill="#ffffff" opacity=".28"/></pattern>`,
      );
    default:
      return '';
  }
}

/** A neat stack of folded cloth, as textiles are photographed in shops. */
function folded(
  look: Look,
  defs: Defs,
  o: { layers: number; w: number; h: number; kind: Fold; fringe?: boolean },
): string {
  const fill = cloth(defs, look);
  const texture = pattern(defs, look, o.kind);
  let out = '';
  for (let i = 0; i < o.layers; i++) {
    const y = FLOOR - (i + 1) * o.h;
    const w = o.w - (i % 2) * 6;
    const x = -w / 2 + (i % 2 ? 4 : -2);
    const rx = o.h * 0.45;
    const shape = `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(o.h)}" rx="${num(rx)}"`;
    out += `${shape} fill="${fill}"/>`;
    if (texture) out += `${shape} fill="${texture}"/>`;
    // The fold: a lighter crest along the top and a shadow where the next layer rests.
    out += stroke(
      `M${num(x + rx)} ${num(y + 4)} H${num(x + w - rx)}`,
      look.shine,
      4,
      'opacity=".7"',
    );
    out += stroke(
      `M${num(x + 6)} ${num(y + o.h - 2)} H${num(x + w - 6)}`,
      look.deep,
      3,
      'opacity=".5"',
    );
    if (o.kind === 'border') {
      for (const bx of [x + 26, x + 38, x + w - 38, x + w - 26]) {
        out += stroke(
          `M${num(bx)} ${num(y + 6)} V${num(y + o.h - 6)}`,
          look.deep,
          4,
          'opacity=".45"',
        );
      }
    }
    if (o.fringe) {
      out += stroke(
        Array.from(
          { length: Math.round(o.h / 8) },
          (_, k) => `M${num(x + w - 4)} ${num(y + 6 + k * 8)} h14`,
        ).join(' '),
        look.dark,
        3,
      );
    }
  }
  const top = FLOOR - o.layers * o.h;
  if (o.kind === 'band') {
    out += path(`M-40 ${num(top - 2)} h80 v${num(o.layers * o.h + 4)} h-80z`, cloth(defs, KRAFT));
    out += path(`M-30 ${num(top + o.h * 0.6)} h60 v${num(o.h)} h-60z`, PAPER.light);
  }
  if (o.kind === 'twine') {
    out += stroke(`M-20 ${num(top)} V${FLOOR} M20 ${num(top)} V${FLOOR}`, '#9c7b4f', 4);
    out += stroke(
      `M-20 ${num(top)} q-30 -30 -10 -40 q20 0 30 40 q10 -40 30 -40 q20 10 -10 40`,
      '#9c7b4f',
      4,
    );
  }
  return out;
}

function pillow(look: Look, defs: Defs, w: number, h: number): string {
  const d =
    `M${-w / 2} ${-h / 2} Q0 ${-h / 2 + 14} ${w / 2} ${-h / 2} Q${w / 2 - 16} 0 ${w / 2} ${h / 2} ` +
    `Q0 ${h / 2 - 14} ${-w / 2} ${h / 2} Q${-w / 2 + 16} 0 ${-w / 2} ${-h / 2}Z`;
  const puff = radial(
    defs,
    [
      [0, look.light],
      [0.6, look.main],
      [1, look.dark],
    ],
    0.4,
    0.38,
    0.65,
  );
  return (
    path(d, puff) +
    stroke(
      `M${-w / 2 + 30} ${-h / 2 + 24} Q${-w / 4} ${-h / 4} ${-w / 2 + 40} ${h / 2 - 40}`,
      look.dark,
      3,
      'opacity=".4"',
    ) +
    stroke(
      `M${w / 2 - 30} ${h / 2 - 20} Q${w / 4} ${h / 6} ${w / 2 - 60} ${-h / 2 + 30}`,
      look.dark,
      3,
      'opacity=".35"',
    )
  );
}

function pillowcases(look: Look, defs: Defs): string {
  return at(0, 110, pillow(look, defs, 360, 120)) + at(-10, 20, pillow(look, defs, 340, 116));
}

function cushion(look: Look, defs: Defs): string {
  return (
    at(0, 0, pillow(look, defs, 300, 300)) +
    // Piping and a little linen button.
    `<circle cx="0" cy="0" r="12" fill="${look.dark}"/><circle cx="0" cy="0" r="7" fill="${look.main}"/>`
  );
}

function duvetCover(look: Look, defs: Defs): string {
  const frame = WOOD;
  const sheet = lookOf('#f2eee6');
  return (
    path('M-190 -150 Q-190 -170 -170 -170 H170 Q190 -170 190 -150 V40 H-190Z', cloth(defs, frame)) +
    at(-85, -70, pillow(sheet, defs, 150, 84)) +
    at(85, -70, pillow(sheet, defs, 150, 84)) +
    path(
      'M-196 -20 Q-100 -44 0 -26 Q100 -10 196 -30 L200 150 Q0 170 -200 150Z',
      cloth(defs, look),
    ) +
    path(
      'M-196 -20 Q-100 -44 0 -26 Q100 -10 196 -30 L196 6 Q100 24 0 10 Q-100 -6 -196 16Z',
      look.light,
      'opacity=".7"',
    ) +
    stroke(
      'M-120 30 Q-80 90 -110 150 M40 40 Q70 100 50 160 M140 20 Q120 70 150 140',
      look.dark,
      4,
      'opacity=".45"',
    ) +
    `<circle cx="-150" cy="120" r="5" fill="${look.deep}"/><circle cx="-110" cy="126" r="5" fill="${look.deep}"/>` +
    path('M-190 150 h30 v22 h-30z M160 150 h30 v22 h-30z', frame.deep)
  );
}

function teaTowel(look: Look, defs: Defs): string {
  const towel = 'M-110 -120 H110 L116 160 Q100 172 60 166 Q0 176 -60 166 Q-100 172 -116 160Z';
  return (
    path('M-190 -160 H190 v18 h-380z', cylinder(defs, WOOD)) +
    stroke('M-10 -150 q10 -18 20 0 L14 -118 M-10 -150 L-14 -118', look.deep, 4) +
    path(towel, cloth(defs, look)) +
    stroke(
      'M-110 -80 H110 M-110 -68 H110 M-112 126 H112 M-113 138 H113',
      look.deep,
      6,
      'opacity=".55"',
    ) +
    stroke('M-40 -110 Q-50 20 -30 160 M50 -110 Q40 40 60 160', look.dark, 3, 'opacity=".35"') +
    // A second, folded towel of the set on the floor.
    at(0, 0, folded(look, defs, { layers: 1, w: 200, h: 30, kind: 'border' }))
  );
}

function tablecloth(look: Look, defs: Defs): string {
  return (
    path('M-150 60 V170 M150 60 V170', 'none', `stroke="${WOOD.deep}" stroke-width="16"`) +
    path(
      'M-170 -40 H170 L196 90 Q170 104 140 92 Q100 110 60 94 Q20 108 -20 94 Q-60 110 -100 94 Q-140 108 -196 90Z',
      cloth(defs, look),
    ) +
    path('M-170 -40 H170 L186 10 H-186Z', look.light, 'opacity=".55"') +
    stroke(
      'M-100 14 L-110 94 M-20 14 L-20 94 M60 14 L64 94 M140 14 L150 92',
      look.deep,
      3,
      'opacity=".4"',
    ) +
    stroke('M-178 50 H178', look.shine, 5, 'opacity=".5" stroke-dasharray="18 10"')
  );
}

function curtain(look: Look, defs: Defs): string {
  const folds = linear(defs, [
    [0, look.dark, 0.85],
    [0.12, look.shine, 0.7],
    [0.25, look.dark, 0.8],
    [0.37, look.shine, 0.7],
    [0.5, look.main, 0.8],
    [0.62, look.shine, 0.7],
    [0.75, look.dark, 0.8],
    [0.87, look.shine, 0.7],
    [1, look.dark, 0.85],
  ]);
  return (
    path('M-180 -170 H180 V170 H-180Z', '#dfe9ef') +
    stroke('M0 -170 V170 M-180 0 H180', '#b8c4cc', 8) +
    path('M-200 -186 H200 v10 h-400z', STEEL.dark) +
    path('M-190 -176 H20 Q0 0 30 176 H-200 Q-180 0 -190 -176Z', folds) +
    path('M190 -176 H60 Q80 0 50 176 H200 Q180 0 190 -176Z', folds)
  );
}

function fittedSheet(look: Look, defs: Defs): string {
  return folded(look, defs, { layers: 3, w: 320, h: 54, kind: 'band' });
}

function bathTowel(look: Look, defs: Defs): string {
  return folded(look, defs, { layers: 3, w: 300, h: 76, kind: 'border' });
}

function throwBlanket(look: Look, defs: Defs): string {
  return folded(look, defs, { layers: 3, w: 330, h: 70, kind: 'waffle', fringe: true });
}

function blanket(look: Look, defs: Defs): string {
  return folded(look, defs, { layers: 3, w: 340, h: 72, kind: 'knit' });
}

function napkins(look: Look, defs: Defs): string {
  return folded(look, defs, { layers: 4, w: 240, h: 38, kind: 'twine' });
}

function picnicBlanket(look: Look, defs: Defs): string {
  const check = pattern(defs, look, 'check');
  const roll = 'M-150 -10 H150 A50 90 0 0 1 150 170 H-150Z';
  const spiral = linear(
    defs,
    [
      [0, look.light],
      [1, look.dark],
    ],
    0,
    0,
    1,
    1,
  );
  return (
    path(roll, cloth(defs, look)) +
    path(roll, check) +
    ellipse(-150, 80, 50, 90, `fill="${spiral}"`) +
    ellipse(-150, 80, 32, 62, `fill="none" stroke="${look.deep}" stroke-width="4"`) +
    ellipse(-150, 80, 14, 30, `fill="none" stroke="${look.deep}" stroke-width="4"`) +
    path('M-60 -14 h24 v190 h-24z M70 -14 h24 v190 h-24z', '#5a3b26') +
    stroke('M-48 -12 C-40 -110 82 -110 82 -12', '#5a3b26', 12)
  );
}

// ───────────── garments and gear ─────────────

type Neck = 'crew' | 'collar' | 'hood' | 'halfzip' | 'zip';

function top(
  look: Look,
  defs: Defs,
  o: { sleeves: 'long' | 'short'; neck: Neck; hem: number; texture?: Fold; seams?: boolean },
): string {
  const fill = cloth(defs, look);
  const texture = o.texture ? pattern(defs, look, o.texture) : '';
  const hem = o.hem;
  const body = `M-70 -160 Q0 -140 70 -160 L128 -140 Q140 -60 120 -40 L116 ${hem} Q0 ${hem + 8} -116 ${hem} L-120 -40 Q-140 -60 -128 -140Z`;
  const sleeve =
    o.sleeves === 'long'
      ? (s: number) =>
          `M${s * 126} -142 Q${s * 172} -110 ${s * 186} ${hem - 20} L${s * 142} ${hem - 12} Q${s * 132} -20 ${s * 118} -50Z`
      : (s: number) =>
          `M${s * 126} -142 Q${s * 176} -120 ${s * 196} -40 L${s * 140} -18 Q${s * 128} -40 ${s * 120} -50Z`;
  let out = '';
  if (o.neck === 'hood') {
    out += path('M-70 -160 Q-80 -230 0 -236 Q80 -230 70 -160 Q0 -120 -70 -160Z', look.dark);
  }
  for (const s of [-1, 1]) {
    out += path(sleeve(s), fill);
    if (texture) out += path(sleeve(s), texture);
    if (o.sleeves === 'long') {
      out += stroke(
        `M${s * 187} ${hem - 30} L${s * 143} ${hem - 22}`,
        look.deep,
        6,
        'opacity=".45"',
      );
    }
  }
  out += path(body, fill);
  if (texture) out += path(body, texture);
  out += stroke(`M-112 ${hem - 14} Q0 ${hem - 6} 112 ${hem - 14}`, look.deep, 3, 'opacity=".4"');
  out += stroke('M-60 -40 Q-70 40 -40 140 M50 -60 Q64 30 40 150', look.dark, 3, 'opacity=".35"');
  if (o.seams) {
    out += stroke(
      'M-66 -158 L-120 -40 M66 -158 L120 -40',
      look.deep,
      3,
      'stroke-dasharray="6 5" opacity=".55"',
    );
  }
  switch (o.neck) {
    case 'crew':
      out += path('M-48 -160 Q0 -118 48 -160 Q0 -140 -48 -160Z', look.deep);
      out += stroke('M-52 -158 Q0 -112 52 -158', look.dark, 8);
      break;
    case 'collar':
      out += path('M-60 -162 L-4 -112 L-40 -96 L-74 -150Z', look.light);
      out += path('M60 -162 L4 -112 L40 -96 L74 -150Z', look.light);
      out += stroke(`M0 -112 V${hem - 6}`, look.dark, 3);
      for (let y = -90; y < hem - 20; y += 52)
        out += `<circle cx="8" cy="${y}" r="5" fill="${look.deep}"/>`;
      break;
    case 'halfzip':
    case 'zip':
    case 'hood': {
      const end = o.neck === 'halfzip' ? -60 : hem - 4;
      out += path('M-56 -176 Q0 -160 56 -176 L60 -150 Q0 -136 -60 -150Z', look.dark);
      out += stroke(`M0 -160 V${end}`, STEEL.deep, 5);
      out += path(`M-6 ${end - 2} h12 v22 h-12z`, STEEL.main);
      if (o.neck !== 'halfzip') {
        out += stroke(`M-80 60 L-40 70 M80 60 L40 70`, look.deep, 4, 'opacity=".6"');
      }
      break;
    }
  }
  return out;
}

function dress(look: Look, defs: Defs): string {
  const fill = cloth(defs, look);
  return (
    path('M-50 -180 L-70 -170 L-78 -60 L78 -60 L70 -170 L50 -180 Q0 -120 -50 -180Z', fill) +
    path('M-80 -66 Q-150 60 -176 170 Q0 186 176 170 Q150 60 80 -66Z', fill) +
    path('M-80 -70 H80 V-48 H-80Z', look.dark) +
    stroke(
      'M-20 -50 Q-40 40 -70 168 M30 -50 Q50 60 80 170 M0 -48 V174',
      look.dark,
      3,
      'opacity=".4"',
    ) +
    stroke('M-40 -178 Q0 -134 40 -178', look.deep, 4, 'opacity=".5"')
  );
}

function apron(look: Look, defs: Defs): string {
  const fill = cloth(defs, look);
  return (
    stroke('M-50 -170 Q0 -260 50 -170', look.dark, 10) +
    stroke('M-110 -10 Q-170 20 -190 80 M110 -10 Q170 20 190 80', look.dark, 10) +
    path(
      'M-60 -170 H60 L70 -30 Q110 -20 120 -10 L130 170 H-130 L-120 -10 Q-110 -20 -70 -30Z',
      fill,
    ) +
    path('M-70 40 H70 V120 H-70Z', look.dark, 'opacity=".45"') +
    stroke('M0 40 V120', look.deep, 3, 'opacity=".6"') +
    stroke('M-66 -160 H66', look.shine, 3, 'stroke-dasharray="6 6" opacity=".6"')
  );
}

function trousers(look: Look, defs: Defs): string {
  const fill = cloth(defs, look);
  return (
    path('M-100 -170 H100 L116 170 H24 L6 -40 L-6 -40 L-24 170 H-116Z', fill) +
    path('M-100 -170 H100 V-140 H-100Z', look.dark) +
    stroke('M0 -140 V-60', look.deep, 3) +
    stroke('M-90 -130 Q-70 -100 -40 -130 M90 -130 Q70 -100 40 -130', look.deep, 3) +
    stroke('M-100 20 Q-66 30 -30 20 M100 20 Q66 30 30 20', look.deep, 3, 'opacity=".5"') +
    stroke('M-70 -100 L-80 160 M70 -100 L80 160', look.light, 3, 'opacity=".4"')
  );
}

function poncho(look: Look, defs: Defs): string {
  const fill = cloth(defs, look);
  return (
    path('M-60 -150 Q-80 -228 0 -232 Q80 -228 60 -150Z', look.dark) +
    path('M-60 -160 Q0 -130 60 -160 L196 130 Q0 176 -196 130Z', fill) +
    stroke('M0 -140 V-40', STEEL.deep, 5) +
    stroke('M-90 -40 L-170 120 M90 -40 L170 120', look.dark, 3, 'opacity=".5"') +
    stroke('M-30 -120 Q-10 -100 -40 -60', look.shine, 4, 'opacity=".5"')
  );
}

function socks(look: Look, defs: Defs): string {
  const sock = (x: number, flip: number) => {
    const d = `M${x - 40 * flip} -170 H${x + 40 * flip} L${x + 44 * flip} 80 Q${x + 44 * flip} 150 ${x - 30 * flip} 158 L${x - 90 * flip} 160 Q${x - 132 * flip} 150 ${x - 112 * flip} 110 L${x - 42 * flip} 70Z`;
    return (
      path(d, cloth(defs, look)) +
      path(d, pattern(defs, look, 'knit')) +
      path(`M${x - 40 * flip} -170 H${x + 40 * flip} V-120 H${x - 40 * flip}Z`, look.dark) +
      stroke(
        [-0.6, -0.2, 0.2, 0.6].map((t) => `M${x + t * 40 * flip} -168 V-122`).join(' '),
        look.deep,
        3,
      ) +
      path(
        `M${x - 112 * flip} 110 Q${x - 132 * flip} 150 ${x - 90 * flip} 160 L${x - 70 * flip} 159 Q${x - 96 * flip} 130 ${x - 90 * flip} 98Z`,
        CLAY.main,
      )
    );
  };
  return at(-20, 0, sock(-30, -1)) + at(20, 0, sock(40, -1));
}

function beanie(look: Look, defs: Defs): string {
  const ribs = Array.from({ length: 13 }, (_, i) => `M${-150 + i * 25} 60 V160`).join(' ');
  return (
    `<circle cx="0" cy="-150" r="36" fill="${radial(defs, [
      [0, look.light],
      [1, look.dark],
    ])}"/>` +
    path('M-150 80 Q-160 -130 0 -130 Q160 -130 150 80Z', cloth(defs, look)) +
    path('M-150 80 Q-160 -130 0 -130 Q160 -130 150 80Z', pattern(defs, look, 'knit')) +
    path('M-160 50 H160 Q166 110 160 166 H-160 Q-166 110 -160 50Z', look.dark) +
    stroke(ribs, look.deep, 4, 'opacity=".5"')
  );
}

function sunHat(look: Look, defs: Defs): string {
  return (
    ellipse(0, 110, 196, 54, `fill="${look.dark}"`) +
    ellipse(0, 100, 192, 50, `fill="${cloth(defs, look)}"`) +
    path('M-110 100 L-100 -40 Q0 -80 100 -40 L110 100 Q0 130 -110 100Z', cylinder(defs, look)) +
    path('M-106 50 Q0 76 106 50 L108 80 Q0 104 -108 80Z', look.deep) +
    stroke('M-180 110 Q0 160 180 110', look.deep, 2, 'stroke-dasharray="6 6" opacity=".6"')
  );
}

function tote(look: Look, defs: Defs): string {
  return (
    stroke('M-70 -60 V-120 Q-70 -190 0 -190 Q70 -190 70 -120 V-60', look.dark, 16) +
    path('M-150 -70 H150 L160 170 H-160Z', cloth(defs, look)) +
    path('M-150 -70 H150 L151 -44 H-151Z', look.dark, 'opacity=".6"') +
    stroke('M-148 -52 H148', look.shine, 3, 'stroke-dasharray="8 6" opacity=".7"') +
    stroke('M-100 -30 Q-110 60 -90 160 M80 -40 Q100 50 70 160', look.dark, 3, 'opacity=".35"')
  );
}

function daypack(look: Look, defs: Defs): string {
  return (
    stroke('M-40 -178 Q0 -210 40 -178', INK, 10) +
    path(
      'M-130 -120 Q-130 -180 -60 -180 H60 Q130 -180 130 -120 L140 150 Q140 170 120 170 H-120 Q-140 170 -140 150Z',
      cloth(defs, look),
    ) +
    path('M-100 30 H100 Q110 30 110 40 L112 150 H-112 L-110 40 Q-110 30 -100 30Z', look.dark) +
    stroke('M-130 -110 Q0 -150 130 -110', STEEL.deep, 5) +
    stroke('M-104 40 H104', STEEL.deep, 4) +
    path('M-30 -40 h60 v20 h-60z', INK) +
    stroke('M-140 -80 H-160 V120 H-140 M140 -80 H160 V120 H140', INK, 8)
  );
}

function dryBags(look: Look, defs: Defs): string {
  const bag = (w: number, h: number, tint: number) => {
    const l = lookOf(tint ? look.light : look.main);
    return (
      path(
        `M${-w / 2} ${FLOOR} V${FLOOR - h + 30} Q0 ${FLOOR - h + 10} ${w / 2} ${FLOOR - h + 30} V${FLOOR}Z`,
        cylinder(defs, l),
      ) +
      path(
        `M${-w / 2 - 6} ${FLOOR - h - 10} H${w / 2 + 6} V${FLOOR - h + 34} H${-w / 2 - 6}Z`,
        l.deep,
      ) +
      path(`M-16 ${FLOOR - h - 22} h32 v24 h-32z`, INK) +
      stroke(`M${-w / 2} ${FLOOR - 10} H${w / 2}`, l.deep, 4, 'opacity=".4"')
    );
  };
  return (
    at(-110, 0, bag(120, 220, 1)) + at(100, 0, bag(130, 280, 0)) + at(0, 20, bag(110, 170, 1), 0.9)
  );
}

function trekkingPoles(look: Look, defs: Defs): string {
  const pole = (angle: number) =>
    `<g transform="rotate(${angle} 0 170)">` +
    path('M-5 -170 h10 v330 h-10z', cylinder(defs, look)) +
    path('M-14 -200 h28 v90 h-28z', cylinder(defs, CORK)) +
    path('M-14 -110 h28 v8 h-28z', INK) +
    ellipse(0, 120, 22, 6, `fill="${INK}"`) +
    stroke('M-18 -190 Q-30 -140 -16 -110', INK, 3) +
    '</g>';
  return pole(-8) + pole(8);
}

const DRAWINGS_BY_KIND: Record<SeedObject, ObjectDrawing> = {
  'duvet-cover': { draw: duvetCover, detail: [-120, 40, 2.2], footprint: 200, setting: 'stand' },
  pillowcases: { draw: pillowcases, detail: [120, 60, 2], footprint: 180, setting: 'stand' },
  'fitted-sheet': { draw: fittedSheet, detail: [0, 60, 2.2], footprint: 170, setting: 'stand' },
  'tea-towel': { draw: teaTowel, detail: [60, 110, 2.2], footprint: 110, setting: 'stand' },
  tablecloth: { draw: tablecloth, detail: [120, 60, 2.2], footprint: 190, setting: 'stand' },
  napkins: { draw: napkins, detail: [0, 70, 2.3], footprint: 130, setting: 'stand' },
  apron: { draw: apron, detail: [0, 80, 2], footprint: 0, setting: 'hang' },
  shirt: {
    draw: (l, d) => top(l, d, { sleeves: 'long', neck: 'collar', hem: 170 }),
    detail: [0, -110, 2.2],
    footprint: 0,
    setting: 'hang',
  },
  dress: { draw: dress, detail: [0, -70, 2.2], footprint: 0, setting: 'hang' },
  throw: { draw: throwBlanket, detail: [140, 80, 2.4], footprint: 170, setting: 'stand' },
  'bath-towel': { draw: bathTowel, detail: [-120, 80, 2.4], footprint: 150, setting: 'stand' },
  blanket: { draw: blanket, detail: [0, 60, 2.4], footprint: 170, setting: 'stand' },
  tote: { draw: tote, detail: [0, -90, 2.2], footprint: 160, setting: 'stand' },
  cushion: { draw: cushion, detail: [60, 60, 2], footprint: 150, setting: 'stand' },
  curtain: { draw: curtain, detail: [-120, 0, 2], footprint: 0, setting: 'hang' },
  mug: { draw: mug, detail: [40, 30, 2], footprint: 105, setting: 'stand' },
  cups: { draw: cups, detail: [78, 90, 2], footprint: 190, setting: 'stand' },
  plate: { draw: plate, detail: [-80, 110, 2.2], footprint: 190, setting: 'stand' },
  bowl: { draw: bowl, detail: [0, 40, 2], footprint: 150, setting: 'stand' },
  platter: { draw: platter, detail: [-80, 100, 2.2], footprint: 196, setting: 'stand' },
  teapot: { draw: teapot, detail: [-130, -30, 2], footprint: 130, setting: 'stand' },
  dripper: { draw: dripper, detail: [0, -40, 2], footprint: 100, setting: 'stand' },
  vase: { draw: vase, detail: [0, 20, 2.2], footprint: 100, setting: 'stand' },
  cruet: { draw: cruet, detail: [10, -170, 2.4], footprint: 100, setting: 'stand' },
  'salad-bowl': { draw: saladBowl, detail: [-40, 0, 2], footprint: 170, setting: 'stand' },
  'tea-bowls': { draw: teaBowls, detail: [80, 50, 2], footprint: 190, setting: 'stand' },
  carafe: { draw: carafe, detail: [0, -120, 2.2], footprint: 110, setting: 'stand' },
  'butter-dish': { draw: butterDish, detail: [0, 40, 2], footprint: 196, setting: 'stand' },
  'candle-holders': {
    draw: candleHolders,
    detail: [-90, -60, 2],
    footprint: 170,
    setting: 'stand',
  },
  planter: { draw: planter, detail: [0, -60, 2], footprint: 100, setting: 'stand' },
  jacket: {
    draw: (l, d) => top(l, d, { sleeves: 'long', neck: 'hood', hem: 160, seams: true }),
    detail: [0, -120, 2.2],
    footprint: 0,
    setting: 'hang',
  },
  'base-layer': {
    draw: (l, d) => top(l, d, { sleeves: 'long', neck: 'crew', hem: 150, seams: true }),
    detail: [-80, -100, 2.4],
    footprint: 0,
    setting: 'hang',
  },
  socks: { draw: socks, detail: [10, 90, 2], footprint: 150, setting: 'stand' },
  daypack: { draw: daypack, detail: [0, -100, 2], footprint: 140, setting: 'stand' },
  'steel-bottle': { draw: steelBottle, detail: [0, -140, 2.4], footprint: 70, setting: 'stand' },
  'picnic-blanket': {
    draw: picnicBlanket,
    detail: [-120, 60, 2],
    footprint: 200,
    setting: 'stand',
  },
  beanie: { draw: beanie, detail: [0, 100, 2.2], footprint: 160, setting: 'stand' },
  trousers: { draw: trousers, detail: [0, -120, 2.2], footprint: 0, setting: 'hang' },
  'camp-mug': { draw: campMug, detail: [40, 20, 2], footprint: 125, setting: 'stand' },
  poncho: { draw: poncho, detail: [0, -130, 2], footprint: 0, setting: 'hang' },
  'trekking-poles': {
    draw: trekkingPoles,
    detail: [0, -150, 2.2],
    footprint: 70,
    setting: 'stand',
  },
  guidebook: { draw: guidebook, detail: [0, -20, 2], footprint: 150, setting: 'stand' },
  handbook: { draw: handbook, detail: [0, -20, 2], footprint: 150, setting: 'stand' },
  pullover: {
    draw: (l, d) => top(l, d, { sleeves: 'long', neck: 'halfzip', hem: 150, texture: 'knit' }),
    detail: [0, -120, 2.2],
    footprint: 0,
    setting: 'hang',
  },
  'sun-hat': { draw: sunHat, detail: [0, 60, 2], footprint: 196, setting: 'stand' },
  'dry-bags': { draw: dryBags, detail: [100, -110, 2.2], footprint: 190, setting: 'stand' },
  'coffee-bag': { draw: coffeeBag, detail: [0, 20, 2], footprint: 150, setting: 'stand' },
  'tea-tin': { draw: teaTin, detail: [0, 40, 2], footprint: 95, setting: 'stand' },
  tumbler: { draw: tumbler, detail: [0, -150, 2.4], footprint: 70, setting: 'stand' },
  'paper-filters': { draw: paperFilters, detail: [-60, -40, 2], footprint: 110, setting: 'stand' },
};

export const SEED_OBJECTS = Object.keys(DRAWINGS_BY_KIND) as SeedObject[];

export function drawingOf(kind: SeedObject): ObjectDrawing {
  return DRAWINGS_BY_KIND[kind];
}
