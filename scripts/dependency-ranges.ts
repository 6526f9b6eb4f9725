// `npm run lint` runs this: every package asked for by more than one workspace is asked for with
// the same range, and each family that must move together (React Router's packages, React and
// its DOM renderer) uses one version. Two ranges for one package let an upgrade of one workspace
// install a second copy: two React Routers in one process fail every request (issue 22).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

type Manifest = {
  name?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/** Packages whose versions must be the same string wherever any of them is named. */
export const FAMILIES: readonly RegExp[] = [/^(react-router|@react-router\/.+)$/, /^react(-dom)?$/];

/** Each problem as a sentence; empty when every workspace agrees. */
export function rangeProblems(manifests: { path: string; manifest: Manifest }[]): string[] {
  const asked = new Map<string, Map<string, string[]>>();
  for (const { path, manifest } of manifests) {
    for (const deps of [manifest.dependencies, manifest.devDependencies]) {
      for (const [name, range] of Object.entries(deps ?? {})) {
        // The workspaces' own packages are linked, whatever the range says.
        if (name.startsWith('@shop/')) continue;
        const ranges = asked.get(name) ?? new Map<string, string[]>();
        ranges.set(range, [...(ranges.get(range) ?? []), path]);
        asked.set(name, ranges);
      }
    }
  }
  const problems: string[] = [];
  for (const [name, ranges] of asked) {
    if (ranges.size > 1)
      problems.push(
        `${name} is asked for with ${ranges.size} ranges: ` +
          [...ranges].map(([range, paths]) => `${range} (${paths.join(', ')})`).join('; '),
      );
  }
  for (const family of FAMILIES) {
    const versions = new Map<string, string[]>();
    for (const [name, ranges] of asked) {
      if (!family.test(name)) continue;
      for (const range of ranges.keys())
        versions.set(range.replace(/^[\^~]/, ''), [
          ...(versions.get(range.replace(/^[\^~]/, '')) ?? []),
          name,
        ]);
    }
    if (versions.size > 1)
      problems.push(
        `the packages of ${family.source} must share one version: ` +
          [...versions].map(([v, names]) => `${v} (${names.join(', ')})`).join('; '),
      );
  }
  return problems;
}

async function main() {
  const root = join(import.meta.dirname, '..');
  const read = async (path: string) =>
    JSON.parse(await readFile(join(root, path), 'utf8')) as Manifest;
  const rootManifest = await read('package.json');
  const manifests = [{ path: 'package.json', manifest: rootManifest }];
  for (const workspace of rootManifest.workspaces ?? [])
    manifests.push({
      path: `${workspace}/package.json`,
      manifest: await read(`${workspace}/package.json`),
    });
  const problems = rangeProblems(manifests);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
}

if (import.meta.main) await main();
