// A TypeDoc plugin that names each module of the SDK reference after its import specifier
// (`@docs-api/sdk`, `@docs-api/sdk/contract`) instead of its file path (`index`, `contract`),
// so the reference says what a user writes in an import. No source file needs a `@module` tag.
import path from 'node:path';
import { Converter, ReflectionKind } from 'typedoc';
import { sdkEntryPoints } from './sdk-entry-points.mjs';

/** The name TypeDoc gives an entry point: its path from the entry points' common folder, `/index` dropped. */
function derivedNames(sources) {
  const dirs = sources.map((source) => path.posix.dirname(source).split('/'));
  const common = [];
  for (let i = 0; dirs.every((parts) => i < parts.length && parts[i] === dirs[0][i]); i++)
    common.push(dirs[0][i]);
  return sources.map((source) => {
    const relative = path.posix.relative(common.join('/'), source).replace(/\.[cm]?ts$/, '');
    return relative === 'index' ? relative : relative.replace(/\/index$/, '');
  });
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const entries = sdkEntryPoints();
    if (entries.length < 2) return; // one entry point: TypeDoc names the project, not a module
    const names = derivedNames(entries.map((entry) => entry.source));
    const modules = context.project.getChildrenByKind(ReflectionKind.Module);
    entries.forEach((entry, i) => {
      const module = modules.find((m) => m.name === names[i]);
      if (!module) throw new Error(`typedoc-module-names: no module named ${names[i]} for ${entry.source}`);
      module.name = entry.specifier;
    });
  });
}
