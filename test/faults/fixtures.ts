import type { ClientOptions } from '@docs-api/sdk';
import { nodeFetch } from '../../packages/cli/src/lib/transport/node-fetch.js';

/** A site as the service answers one: the success body of the fault suites' site calls. */
export const site = {
  object: 'site',
  id: 's1',
  type: 'basic',
  title: 'Handbook',
  visibility: 'public',
  published: true,
  siteSpaces: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  agentsContext: 'excluded',
  // The rest of what the document requires of a site: the suites' clients read strictly.
  appliedType: 'basic',
  defaultLevel: 'inherit',
  permissions: {
    view: true,
    access: true,
    edit: true,
    create: true,
    admin: true,
    installIntegration: true,
    viewAdaptiveSchema: true,
    editAdaptiveSchema: true,
  },
  features: [],
  urls: {
    location: 'https://api.test/v1/orgs/o1/sites/s1',
    app: 'https://app.test/o/o1/sites/s1',
    preview: 'https://preview.test/s1',
  },
};

/** The transports the SDK meets: fetch (its default: undici in Node, a browser's), and the CLI's own over node:http. */
export interface Transport {
  name: string;
  options: Pick<ClientOptions, 'fetch'>;
}
export const TRANSPORTS: Transport[] = [
  { name: 'fetch', options: {} },
  { name: 'node:http (CLI)', options: { fetch: nodeFetch } },
];
