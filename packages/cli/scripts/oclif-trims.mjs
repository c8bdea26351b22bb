// Start-up costs of @oclif/core that the CLI's bundle leaves out, found with `node --cpu-prof`
// (docs/decisions/0035-oclif-start-up-trims.md). Each edit does what oclif did, for less. An
// edit must match its text exactly once, so an oclif upgrade that changes the code fails the
// build instead of dropping the trim.
import { readFile } from 'node:fs/promises';

/** Edits of oclif's own files: what it does, the same way, for less. */
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
          const count = source.split(edit.find).length - 1;
          if (count !== 1) {
            throw new Error(
              `oclif trim of ${edit.file}: expected its code once, found it ${count} times (${edit.why})`,
            );
          }
          applied.add(edit);
          return { contents: source.replace(edit.find, edit.replace), loader: 'js' };
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
