// Start-up costs of @oclif/core that the CLI's bundle leaves out, found with `node --cpu-prof`
// (docs/decisions/0035-oclif-start-up-trims.md). Each edit does what oclif did, for less. An
// edit must match its text exactly once, so an oclif upgrade that changes the code fails the
// build instead of dropping the trim.
import { readFile } from 'node:fs/promises';

/**
 * What oclif's dynamic `import()` calls become in the bundle: a function the bundle defines
 * (scripts/bundle.mjs), as code compiled by `vm.Script` on Node 20 cannot import by itself
 * (src/lib/startup/compile-cache.ts).
 */
export const IMPORTER = '__docsImport';

/** Edits of oclif's own files: what it does, the same way, for less (`count`: how many times the text occurs, 1 unless said). */
export const SOURCE_EDITS = [
  {
    file: 'config/plugin.js',
    why:
      "The first localeCompare builds ICU's collator (10 to 15 ms). Plugin commands are sorted by their ids; " +
      'help sorts again by code units, and ids are lowercase ASCII, where both orders agree.',
    find: '.sort((a, b) => a.id.localeCompare(b.id));',
    replace: '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));',
  },
  {
    file: 'help/util.js',
    why:
      'Help renders every line through ejs, which compiles a template each time (5 to 7 ms for the root help). ' +
      'A line with no ejs tag renders as itself.',
    find: 'function render(t) {\n        return ejs_1.default.render(t, context);\n    }',
    replace:
      "function render(t) {\n        return typeof t === 'string' && !t.includes('<%') && !t.includes('%>') ? t : ejs_1.default.render(t, context);\n    }",
  },
  {
    file: 'config/plugin-loader.js',
    why:
      'Core plugins are found by matching each dependency against each pattern, building a matcher per pair ' +
      '(4 ms for our 10 dependencies and 3 plugins); one per pattern matches the same.',
    find: 'return Object.keys(dependencies).filter((p) => patterns.some((w) => (0, minimatch_1.minimatch)(p, w)));',
    replace:
      'const matchers = patterns.map((w) => new minimatch_1.Minimatch(w));\n    return Object.keys(dependencies).filter((p) => matchers.some((m) => m.match(p)));',
  },
  {
    file: 'module-loader.js',
    why: 'Commands, hooks and the help class are ES modules oclif imports: through the importer, so that the code cache can be used.',
    find: 'await import((0, node_url_1.pathToFileURL)(filePath).href)',
    replace: `await ${IMPORTER}((0, node_url_1.pathToFileURL)(filePath).href)`,
    count: 3,
  },
  {
    file: 'config/ts-path.js',
    why: "A TypeScript plugin's loader (development only), imported through the importer as the commands are.",
    find: 'const { register } = await import(href);',
    replace: `const { register } = await ${IMPORTER}(href);`,
  },
];

/** An esbuild plugin that applies the edits to the oclif it bundles, and fails the build when one does not apply. */
export function oclifTrims() {
  return {
    name: 'oclif-trims',
    setup(build) {
      const applied = new Set();
      for (const edit of SOURCE_EDITS) {
        const file = edit.file.replace(/[/.]/g, (character) => `\\${character}`);
        const path = new RegExp(`[\\\\/]@oclif[\\\\/]core[\\\\/]lib[\\\\/]${file}$`);
        build.onLoad({ filter: path }, async (args) => {
          const source = await readFile(args.path, 'utf8');
          const expected = edit.count ?? 1;
          const count = source.split(edit.find).length - 1;
          if (count !== expected) {
            throw new Error(
              `oclif trim of ${edit.file}: expected its code ${expected === 1 ? 'once' : `${expected} times`}, found it ${count} times (${edit.why})`,
            );
          }
          applied.add(edit);
          return { contents: source.replaceAll(edit.find, edit.replace), loader: 'js' };
        });
      }
      build.onEnd((result) => {
        if (result.errors.length > 0) return;
        const missed = SOURCE_EDITS.filter((edit) => !applied.has(edit)).map((edit) => edit.file);
        if (missed.length > 0)
          throw new Error(`oclif trims not applied, their files were not bundled: ${missed.join(', ')}`);
      });
    },
  };
}
