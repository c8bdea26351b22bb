import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { applyFixture, exportFixture, parseFixture } from './fixtures.js';
import { ROW_KIND_NAMES, ROW_KINDS } from './fixture-rows.js';
import { applySeed, seedFixture, type SeedName } from './seed.js';
import { Store } from './store.js';

// ajv-formats is CommonJS with `exports.default`; under NodeNext the plugin is that property.
const addFormats = (ajvFormats as unknown as { default: (ajv: object) => unknown }).default;
const json = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const SEEDS: SeedName[] = ['empty', 'demo'];

function seeded(seed: SeedName): Store {
  const store = new Store();
  applySeed(store, seed);
  return store;
}

describe('the seeds as fixture files', () => {
  it.each(SEEDS)('fixtures/%s.json validates against fixture.schema.json', (seed) => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(json('../fixture.schema.json') as object);
    validate(json(`../fixtures/${seed}.json`));
    expect(validate.errors ?? []).toEqual([]);
  });

  it.each(SEEDS)('%s loads with no issues, computed rows included', (seed) => {
    expect(() => seedFixture(seed)).not.toThrow();
    // The whole state (file rows and what the seed computes), checked as a fixture is on load.
    const state = parseFixture(exportFixture(seeded(seed)));
    expect(() => applyFixture(new Store(), state, 'none')).not.toThrow();
  });

  it.each(SEEDS)('fixtures/%s.json holds no field the loader fills in by itself', (seed) => {
    const file = json(`../fixtures/${seed}.json`) as Record<string, Array<Record<string, unknown>>>;
    const defaulted: string[] = [];
    for (const kind of ROW_KIND_NAMES) {
      (file[kind] ?? []).forEach((row, index) => {
        for (const [field, value] of Object.entries(row)) {
          const { [field]: _left, ...without } = row;
          const filled = ROW_KINDS[kind].schema.safeParse(without);
          if (filled.success && isDeepStrictEqual((filled.data as Record<string, unknown>)[field], value))
            defaulted.push(`${kind}[${index}].${field}`);
        }
      });
    }
    expect(defaulted).toEqual([]);
  });

  it('computes what the demo file leaves out, with the operations that made it', () => {
    const before = Date.now();
    const store = seeded('demo');
    // cr_cli updated from the primary content: its new page, on rev_handbook_2's installation page.
    const cli = JSON.stringify(store.revisions.get('rev_cr_cli')?.pages);
    expect(cli).toContain('page_cli');
    expect(cli).toContain('needs Node.js 20 or later');
    expect(store.revisions.get('rev_cr_cli')?.variables).toEqual({ product: 'Acme', version: '1.1' });
    // The merge of cr_ratelimits: its content is the request's.
    const content = (id: string) => {
      const { pages, files, reusableContents, variables } = store.revisions.get(id) ?? {};
      return { pages, files, reusableContents, variables };
    };
    expect(content('rev_api_2')).toEqual(content('rev_cr_ratelimits'));
    expect(content('rev_api_2').pages).toHaveLength(3);
    // tr_handbook_fr's run: the glossary applied, its pages and words counted.
    expect(JSON.stringify(store.revisions.get('rev_handbook_fr_1')?.pages)).toContain('manuel');
    const stats = store.translations.get('tr_handbook_fr')?.stats;
    expect(stats).toMatchObject({ runs: 1, totalPages: 5, totalWords: 84, latestPages: 5, latestWords: 84 });
    // space_archive: deleted at start-up, on the host's clock.
    expect(store.spaces.has('space_archive')).toBe(false);
    expect(Date.parse(store.deletedSpaces.get('space_archive')?.deletedAt ?? '')).toBeGreaterThanOrEqual(
      before - 1000,
    );
    expect(store.users.get('user_grace')?.urls?.location).toBe(
      'https://api.sandbox.docs-api.local/v1/users/user_grace',
    );
    expect(store.integrations.get('analytics-pro')?.integration.owner?.id).toBe('org_acme');
  });
});
