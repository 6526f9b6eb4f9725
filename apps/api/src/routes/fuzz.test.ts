import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf } from '../../test/shopper.ts';

/*
 * Fuzz suite (issue 11): every operation of the OpenAPI document the API serves gets generated
 * bad input — wrong types, NUL and lone surrogates, huge and negative numbers, long strings,
 * arrays for scalars, broken percent-encodings and JSON, prototype keys, wrong content types —
 * as a logged-in shopper with a valid CSRF token, so writes reach validation. Any 5xx, or an
 * answer slower than REQUEST_TIMEOUT_MS, fails. The seed is fixed (FUZZ_SEED overrides it to
 * explore); the figures are printed at the end.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 12);
const REQUEST_TIMEOUT_MS = 10_000;

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: unknown };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { properties: string[] };
};

const t = useTestApp({
  // Login tries are counted per address: every fuzzed login must reach validation, not 429.
  authLimits: { perAccount: 1_000_000, perAddress: 1_000_000, windowMs: 60_000 },
});

/* ---------- generated values ---------- */

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '-1',
  '0',
  '1.5',
  '1e308',
  '-9999999999999999999999',
  '2147483648',
  '9007199254740993',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '../../../etc/passwd',
  '%',
  '%00',
  '%E0%A4%A',
  '\u202e\u200b',
  '<script>alert(1)</script>',
);

const scalar = fc.oneof(
  nasty,
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e308, -1e308),
  fc.constant('x'.repeat(5_000)),
  fc.constant('9'.repeat(400)),
  fc.boolean(),
);

/** A JSON value where a scalar was expected: scalars, arrays of them, objects, null. */
const jsonValue = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 2 }) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 600 }, (_, i) => i + 1)) },
);

/** A value for a query or path parameter: one or more strings (repeats become arrays). */
const queryValue = fc.oneof(
  { weight: 4, arbitrary: scalar.map(String) },
  { weight: 1, arbitrary: fc.array(scalar.map(String), { minLength: 2, maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 51, max: 400 })
      .map((n) => Array.from({ length: n }, (_, i) => i + 1).join(',')),
  },
);

/**
 * Percent-encodes like encodeURIComponent, but keeps lone surrogates (as the bytes a broken client
 * would send) and lets strings that look like encodings ('%', '%E0%A4%A') through unencoded.
 */
function encode(value: string): string {
  if (/^%[0-9A-F]*/i.test(value) && value.length <= 9) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')]
      .map((b) => `%${b.toString(16).padStart(2, '0')}`)
      .join('');
  }
}

/** Raw bodies no JSON schema describes: broken JSON, prototype keys, other encodings. */
const rawBody = fc.constantFrom(
  { type: 'application/json', payload: '{"code": "a' },
  { type: 'application/json', payload: '' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '[1,2,3]' },
  { type: 'application/json', payload: '"text"' },
  { type: 'application/json', payload: '{"__proto__": {"isAdmin": true}, "code": "WELCOME10"}' },
  { type: 'application/json', payload: '{"constructor": {"prototype": {"x": 1}}}' },
  { type: 'application/json', payload: '{"a":' + '['.repeat(5_000) },
  { type: 'application/json', payload: '\ufeff{}' },
  { type: 'application/json; charset=latin1', payload: '{}' },
  { type: 'text/plain', payload: 'code=WELCOME10' },
  { type: 'application/x-www-form-urlencoded', payload: 'code=WELCOME10&code=x' },
  { type: 'multipart/form-data; boundary=xx', payload: '--xx\r\nbroken' },
  { type: 'application/xml', payload: '<a/>' },
  { type: 'application/json', payload: JSON.stringify({ x: 'y'.repeat(300_000) }) },
);

/** Values every parameter and body field is given one at a time (besides the random ones). */
const PROBES: readonly unknown[] = [
  'a\u0000b',
  '\ud800',
  'x'.repeat(5_000),
  '-1',
  '99999999999999999999',
  ['1', '2'],
  -1,
  2 ** 53,
  1e308,
  null,
  { __proto__: null, nested: 'a\u0000' },
  Array.from({ length: 600 }, (_, i) => String(i + 1)),
];

/* ---------- the document ---------- */

function operationsOf(doc: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const body = op.requestBody as
        | { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
        | undefined;
      const schema = body?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        ...(body ? { body: { properties: Object.keys(schema?.properties ?? {}) } } : {}),
      });
    }
  }
  return ops;
}

/** One generated request of an operation. */
function requestOf(op: Operation) {
  const pathParams = op.parameters.filter((p) => p.in === 'path' && p.name !== 'locale');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const jsonBody = fc.record(
    Object.fromEntries(
      [...(op.body?.properties ?? []), 'unknownField'].map((name) => [name, jsonValue]),
    ),
    { requiredKeys: [] },
  );
  return fc.record({
    locale: fc.constantFrom('en', 'en', 'en', 'de', 'xx', '%00'),
    path: fc.tuple(...pathParams.map(() => queryValue.map((v) => (Array.isArray(v) ? v[0] : v)))),
    query: fc.tuple(...queryParams.map(() => fc.option(queryValue, { nil: undefined }))),
    extraQuery: fc.constantFrom('', '__proto__[x]=1', 'constructor=1', 'page=-1&page_size=1e9'),
    body: op.body
      ? fc.oneof(
          {
            weight: 3,
            arbitrary: jsonBody.map((value): { type: 'json'; value: Record<string, unknown> } => ({
              type: 'json',
              value,
            })),
          },
          { weight: 1, arbitrary: rawBody.map((raw) => ({ type: 'raw' as const, raw })) },
        )
      : fc.constant(undefined),
  });
}

type Generated = ReturnType<typeof requestOf> extends fc.Arbitrary<infer R> ? R : never;

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
const asQuery = (value: unknown): string | string[] =>
  Array.isArray(value) ? value.map(asText) : asText(value);

/** One request per parameter or field and probe, the rest of the request plain. */
function probesOf(op: Operation): Generated[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path' && p.name !== 'locale');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const plain: Generated = {
    locale: 'en',
    path: pathParams.map(() => '1'),
    query: queryParams.map(() => undefined),
    extraQuery: '',
    body: op.body ? { type: 'json', value: {} } : undefined,
  };
  const probes: Generated[] = [];
  for (const probe of PROBES) {
    pathParams.forEach((_, i) => {
      const value = asQuery(probe);
      const path = [...plain.path];
      path[i] = Array.isArray(value) ? (value[0] ?? '') : value;
      probes.push({ ...plain, path });
    });
    queryParams.forEach((_, i) => {
      const query = [...plain.query];
      query[i] = asQuery(probe);
      probes.push({ ...plain, query });
    });
    for (const field of op.body?.properties ?? [])
      probes.push({ ...plain, body: { type: 'json', value: { [field]: probe } } });
  }
  return probes;
}

function injectOptions(
  op: Operation,
  generated: Generated,
  auth: { cookie: string; token: string },
): InjectOptions {
  let path = op.path.replace('{locale}', generated.locale);
  const pathParams = op.parameters.filter((p) => p.in === 'path' && p.name !== 'locale');
  pathParams.forEach((p, i) => {
    path = path.replace(`{${p.name}}`, encode(generated.path[i] ?? '') || 'x');
  });
  path = path.replace('{*}', 'anything');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const query = queryParams.flatMap((p, i) => {
    const value = generated.query[i];
    if (value === undefined) return [];
    return (Array.isArray(value) ? value : [value]).map((v) => `${p.name}=${encode(v)}`);
  });
  if (generated.extraQuery) query.push(generated.extraQuery);
  const url = query.length ? `${path}?${query.join('&')}` : path;
  const headers: Record<string, string> = { cookie: auth.cookie, 'x-csrftoken': auth.token };
  const body = generated.body;
  if (!body) return { method: op.method, url, headers };
  if (body.type === 'json')
    return {
      method: op.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body.value),
    };
  return {
    method: op.method,
    url,
    headers: { ...headers, 'content-type': body.raw.type },
    payload: body.raw.payload,
  };
}

async function withTimeout(request: Promise<LightMyRequestResponse>, what: string) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${what}`)),
      REQUEST_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The operations are fuzzed in this many parts, one test each, one after the other. The work is
 * the same as in one test (every operation, every probe, RUNS_PER_OPERATION samples of the same
 * seed), but each part has its own time limit: as one test, the ~3,000 requests took 83–111 s of
 * its 120 s on a busy machine (load 20 on 2 cores). Fewer samples would have proven less, a
 * longer limit would have let a hang go unseen longer; a part is a twelfth of the work.
 */
const PARTS = 12;

describe('fuzz: every operation of the OpenAPI document', () => {
  let operations: Operation[] = [];
  let auth = { cookie: '', token: '' };
  const figures = { sent: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  const slowest: { ms: number; what: string }[] = [];

  beforeAll(async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
    }>();
    // The storefront's catch-all is not part of the API app; logging out would end the session
    // the other calls use, so it goes last (in the last part, and the parts run in order).
    operations = operationsOf(doc).sort(
      (a, b) => Number(a.path.includes('/logout/')) - Number(b.path.includes('/logout/')),
    );

    const shopper = browserOf(t);
    await shopper.logIn('shopper@example.com');
    const tokenAnswer = await t.app.inject({
      method: 'GET',
      url: '/en/api/accounts/login/',
      headers: { cookie: shopper.jar.header() },
    });
    shopper.jar.store(tokenAnswer);
    auth = {
      cookie: shopper.jar.header(),
      token: tokenAnswer.json<{ csrfToken: string }>().csrfToken,
    };
  });

  it('finds the operations of the document', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  for (let part = 0; part < PARTS; part++) {
    it(`answers generated bad input with a 4xx (or a 2xx), never a 5xx or a hang: part ${part + 1} of ${PARTS}`, async () => {
      const size = Math.ceil(operations.length / PARTS);
      const failures: string[] = [];
      for (
        let index = part * size;
        index < Math.min(operations.length, (part + 1) * size);
        index++
      ) {
        const op = operations[index]!;
        const samples = [
          ...probesOf(op),
          ...fc.sample(requestOf(op), { seed: SEED + index, numRuns: RUNS_PER_OPERATION }),
        ];
        for (const generated of samples) {
          const options = injectOptions(op, generated, auth);
          const what = `${options.method} ${(typeof options.url === 'string' ? options.url : '').slice(0, 200)}`;
          const started = performance.now();
          const res = await withTimeout(t.app.inject(options), what);
          slowest.push({ ms: performance.now() - started, what });
          figures.sent++;
          const family = `${Math.floor(res.statusCode / 100)}xx` as keyof typeof figures;
          if (family in figures) figures[family]++;
          if (res.statusCode >= 500)
            failures.push(`${res.statusCode} ${what} ${res.body.slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }

  it('sent every operation its requests, and most were refused as bad input', () => {
    console.log(
      `fuzz (seed ${SEED}): ${operations.length} operations, ${figures.sent} requests sent, ` +
        `${figures['2xx']} 2xx, ${figures['3xx']} 3xx, ${figures['4xx']} 4xx, ${figures['5xx']} 5xx`,
    );
    slowest.sort((a, b) => b.ms - a.ms);
    console.log(
      'slowest:\n' +
        slowest
          .slice(0, 5)
          .map((s) => `  ${Math.round(s.ms)} ms ${s.what.slice(0, 120)}`)
          .join('\n'),
    );
    // Every part ran to its end: every operation got its probes and its random samples.
    expect(figures.sent).toBe(
      operations.reduce((n, op) => n + probesOf(op).length + RUNS_PER_OPERATION, 0),
    );
    expect(figures['4xx']).toBeGreaterThan(figures.sent / 2);
  });
});
