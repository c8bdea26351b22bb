// The SDK's public entry points, read from `exports` in packages/sdk/package.json: one per
// subpath (`.` and `./contract` today), each with its import specifier (`@docs-api/sdk`,
// `@docs-api/sdk/contract`) and the source file its `types` are compiled from.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const sdkDir = path.join(root, 'packages', 'sdk');

/** `./dist/contract/index.d.ts` -> `packages/sdk/src/contract/index.ts` (outDir dist, rootDir src). */
function sourceOf(typesPath) {
  const relative = path.posix.normalize(typesPath).replace(/^dist\//, 'src/');
  const source = path.join(sdkDir, relative.replace(/\.d\.(m|c)?ts$/, '.$1ts'));
  if (!existsSync(source))
    throw new Error(`packages/sdk/package.json exports ${typesPath}, whose source ${source} does not exist`);
  return path.relative(root, source).split(path.sep).join('/');
}

/** @returns {{ specifier: string, source: string }[]} */
export function sdkEntryPoints() {
  const pkg = JSON.parse(readFileSync(path.join(sdkDir, 'package.json'), 'utf8'));
  return Object.entries(pkg.exports ?? {})
    .filter(([subpath]) => !subpath.endsWith('.json'))
    .map(([subpath, target]) => {
      const types = typeof target === 'string' ? target : (target.types ?? target.import ?? target.default);
      if (typeof types !== 'string') throw new Error(`packages/sdk/package.json: no types for ${subpath}`);
      return {
        specifier: subpath === '.' ? pkg.name : `${pkg.name}/${subpath.replace(/^\.\//, '')}`,
        source: sourceOf(types),
      };
    });
}
