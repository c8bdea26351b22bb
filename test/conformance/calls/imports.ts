import { ORG, type AreaCalls } from './types.js';

export const importCalls: AreaCalls = {
  'imports.start': {
    full: (c) =>
      c.imports.start(ORG, {
        source: { type: 'website', url: 'https://www.acme.test/docs' },
        target: { space: 'space_handbook', changeRequest: '1', page: 'page_installation' },
        site: 'site_docs',
        enhance: false,
      }),
    seed: (c) =>
      c.imports.start(ORG, {
        source: { type: 'website', url: 'https://www.acme.test/docs' },
        target: { space: 'space_guides' },
      }),
  },
  'imports.cancel': {
    full: (c) => c.imports.cancel(ORG, 'imp_api_site'),
    seed: (c) => c.imports.cancel(ORG, 'imp_api_site'),
  },
};
