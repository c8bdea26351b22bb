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
