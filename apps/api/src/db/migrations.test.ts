// The drizzle snapshots against the schema, without a database. `npm run db:generate` diffs
// schema.ts against the newest snapshot in drizzle/meta (by file name) and refuses to run when two
// snapshots name the same parent; hand-written migrations (numbered per branch) leave both wrong,
// and the next generate then repeats their statements. When this fails after a schema change:
// run `npm run db:generate`, check that its SQL is only what the hand-written migrations already
// do, keep its snapshot under the newest migration's number, and delete its SQL file and its
// journal entry (a second generate then writes nothing).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as kit from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from '#api/db/schema.ts';

const DRIZZLE = join(import.meta.dirname, '../../drizzle');
const META = join(DRIZZLE, 'meta');
const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/** A snapshot as drizzle-kit writes it (the diff reads the rest). */
interface Snapshot {
  id: string;
  prevId: string;
}

// drizzle-kit's declarations name zod 3's types, which this workspace (zod 4) cannot resolve.
const { generateDrizzleJson, generateMigration } = kit as unknown as {
  generateDrizzleJson: (
    imports: Record<string, unknown>,
    prevId: string,
    schemaFilters: undefined,
    casing: 'snake_case',
  ) => Snapshot;
  generateMigration: (prev: Snapshot, cur: Snapshot) => Promise<string[]>;
};

async function snapshots(): Promise<{ file: string; snapshot: Snapshot }[]> {
  const files = (await readdir(META)).filter((file) => !file.startsWith('_')).sort();
  return Promise.all(
    files.map(async (file) => ({
      file,
      snapshot: JSON.parse(await readFile(join(META, file), 'utf8')) as Snapshot,
    })),
  );
}

describe('drizzle migrations', () => {
  it('chain their snapshots one after another (drizzle-kit refuses two with one parent)', async () => {
    const all = await snapshots();
    const ids = new Set(all.map(({ snapshot }) => snapshot.id));
    const children = new Map<string, string[]>();
    for (const { file, snapshot } of all) {
      children.set(snapshot.prevId, [...(children.get(snapshot.prevId) ?? []), file]);
      if (snapshot.prevId !== NO_PARENT) expect(ids, `${file}'s parent`).toContain(snapshot.prevId);
    }
    const shared = [...children.values()].filter((files) => files.length > 1);
    expect(shared, 'snapshots naming the same parent').toEqual([]);
  });

  it('have the schema in their newest snapshot (db:generate writes nothing)', async () => {
    const latest = (await snapshots()).at(-1)!.snapshot;
    const current = generateDrizzleJson(schema, latest.id, undefined, 'snake_case');
    expect(await generateMigration(latest, current)).toEqual([]);
  });

  it('list every SQL file in the journal, and only those', async () => {
    const journal = JSON.parse(await readFile(join(META, '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const files = (await readdir(DRIZZLE)).filter((file) => file.endsWith('.sql'));
    expect(journal.entries.map(({ tag }) => `${tag}.sql`).sort()).toEqual(files.sort());
    expect(journal.entries.map(({ idx }) => idx)).toEqual(journal.entries.map((_, i) => i));
  });
});
