// `npm run bench:forms [-- --rounds 3 --before]`
//
// Issue 21: how long one form post holds the process, over field counts and body shapes up to the
// storefront's body limit (1 MB). Each body is posted with a valid CSRF token straight to the
// storefront's `readForm` (the guard runs after nothing else), and the slowest of `--rounds` is
// kept. `--before` also times the old way (the runtime's form parser, then Conform's
// `parseWithZod` on whatever came) on the shapes where it stays under a few seconds.
// Prints figures only: nothing here passes or fails on timing.
import { parseArgs } from 'node:util';
import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import { csrfCookie } from '../apps/storefront/app/lib/cookies.ts';
import { readForm } from '../apps/storefront/app/lib/forms.server.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    before: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(values.rounds);
const TOKEN = 'a'.repeat(43);
const LIMIT = 1024 * 1024;
const schema = z.object({ email: z.string().optional(), password: z.string().optional() });
const t = (key: string) => key;

type Shape = { name: string; body: (fields: number) => { type?: string; body: string | FormData } };

const urlencoded = (pairs: string[]) => ({
  type: 'application/x-www-form-urlencoded',
  body: [`csrf=${TOKEN}`, ...pairs].join('&'),
});

const shapes: Shape[] = [
  { name: 'one name repeated', body: (n) => urlencoded(Array<string>(n).fill('a=1')) },
  {
    name: 'distinct names',
    body: (n) => urlencoded(Array.from({ length: n }, (_, i) => `f${i}=1`)),
  },
  { name: 'empty fields (&&&)', body: (n) => urlencoded(Array<string>(n).fill('')) },
  {
    name: 'nested names a[i].b',
    body: (n) => urlencoded(Array.from({ length: n }, (_, i) => `a[${i}].b=1`)),
  },
  {
    name: 'one long value',
    body: (n) => urlencoded([`email=${'x'.repeat(Math.min(n * 4, LIMIT - 100))}`]),
  },
  {
    name: 'multipart, one name repeated',
    body: (n) => {
      const form = new FormData();
      form.set('csrf', TOKEN);
      for (let i = 0; i < n; i++) form.append('a', '1');
      return { body: form };
    },
  },
];

const COUNTS = [10, 100, 1_000, 10_000, 20_000, 40_000, 100_000, 250_000];

/** The body as bytes with its content type, made before any timing starts. */
async function encoded({ type, body }: { type?: string; body: string | FormData }) {
  const made = new Request('http://shop.bench/', { method: 'POST', body });
  const bytes = new Uint8Array(await made.arrayBuffer());
  return { type: type ?? made.headers.get('content-type') ?? '', bytes };
}

/** What the server hands the storefront: a request over bytes already read (the body limit's). */
function request({ type, bytes }: { type: string; bytes: Uint8Array }) {
  const headers = new Headers({ cookie: csrfCookie.serialize(TOKEN).split(';')[0] ?? '' });
  headers.set('content-type', type);
  return new Request('http://shop.bench/en/account/login/', {
    method: 'POST',
    headers,
    body: bytes,
  });
}

async function time(run: () => Promise<unknown>): Promise<{ ms: number; answer: string }> {
  let worst = 0;
  let answer = '';
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    try {
      const result = (await run()) as { status?: string };
      answer = result.status ?? 'read';
    } catch (error) {
      answer = String((error as { init?: { status?: number } }).init?.status ?? 'thrown');
    }
    worst = Math.max(worst, performance.now() - started);
  }
  return { ms: worst, answer };
}

/** The old readForm: the runtime's parser, then Conform over all of it. */
async function before(req: Request) {
  return parseWithZod(await req.formData(), { schema });
}

// Warm-up: the first calls compile the code paths; they are not what a burst meets.
const small = new FormData();
small.set('csrf', TOKEN);
for (let i = 0; i < 50; i++) {
  await readForm(request(await encoded(urlencoded(['a=1']))), schema, t);
  await readForm(request(await encoded({ body: small })), schema, t);
}

const rows: string[][] = [];
let worst = { ms: 0, what: '' };
let worstBefore = { ms: 0, what: '' };
for (const shape of shapes) {
  for (const count of COUNTS) {
    const body = await encoded(shape.body(count));
    const size = body.bytes.byteLength;
    if (size > LIMIT) continue;
    const now = await time(() => readForm(request(body), schema, t));
    let old = '';
    // The old way is quadratic in one name's repeats: past 20,000 it takes tens of seconds.
    if (values.before && (count <= 20_000 || shape.name === 'distinct names')) {
      const was = await time(() => before(request(body)));
      old = was.ms.toFixed(1);
      if (was.ms > worstBefore.ms)
        worstBefore = { ms: was.ms, what: `${shape.name}, ${count} fields` };
    }
    rows.push([shape.name, String(count), String(size), now.answer, now.ms.toFixed(1), old]);
    if (now.ms > worst.ms)
      worst = { ms: now.ms, what: `${shape.name}, ${count} fields, ${size} B` };
  }
}

const header = ['shape', 'fields', 'bytes', 'answer', 'ms now', values.before ? 'ms before' : ''];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
for (const row of [header, ...rows]) {
  console.log(
    row
      .map((cell, i) => (cell ?? '').padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}
console.log(`\nworst now: ${worst.ms.toFixed(1)} ms (${worst.what}), slowest of ${ROUNDS} rounds`);
if (values.before) {
  console.log(`worst before: ${worstBefore.ms.toFixed(1)} ms (${worstBefore.what})`);
}
