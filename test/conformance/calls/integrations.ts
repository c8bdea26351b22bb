import { ORG, type AreaCalls } from './types.js';

const manifest = {
  title: 'Analytics Pro',
  description: 'Page views and search analytics',
  script: 'export default {};',
  organization: ORG,
  scopes: [],
};

export const integrationCalls: AreaCalls = {
  'integrations.list': {
    full: (c) =>
      c.integrations.list({
        search: 'analytics',
        category: 'analytics',
        blockDomain: 'status.acme-corp.io',
        blocks: true,
        contentSources: false,
        owner: ORG,
        scope: 'space:content:read',
        target: 'site',
        limit: 10,
        page: 'p2',
      }),
    seed: (c) => c.integrations.list(),
  },
  'integrations.get': {
    full: (c) => c.integrations.get('analytics-pro'),
    seed: (c) => c.integrations.get('analytics-pro'),
  },
  'integrations.publish': {
    full: (c) =>
      c.integrations.publish('analytics-pro', {
        ...manifest,
        runtime: 'v2',
        icon: 'iVBORw0KGgo=',
        summary: '# Analytics Pro\nPage views, searches and more.',
        previewImages: ['aGVsbG8=', 'd29ybGQ='],
        visibility: 'public',
        target: 'all',
        scopes: ['space:content:read', 'site:script:inject'],
        categories: ['analytics'],
        blocks: [
          {
            id: 'chart',
            title: 'Chart',
            description: 'A chart of page views',
            icon: 'https://integrations.example.com/chart.png',
            urlUnfurl: ['https://analytics.example.com/*'],
            markdown: { codeblock: 'analytics', body: 'query' },
          },
        ],
        contentSources: [
          {
            id: 'reports',
            title: 'Reports',
            description: 'Weekly reports',
            icon: 'https://integrations.example.com/reports.png',
            configuration: { componentId: 'reports-config' },
          },
        ],
        externalLinks: [{ url: 'https://analytics.example.com/docs', label: 'Documentation' }],
        configurations: {
          account: { componentId: 'account-config' },
          space: {
            properties: {
              siteId: { type: 'string', title: 'Site id', description: 'Tracked site', enum: ['a', 'b'] },
              sampleRate: { type: 'number', title: 'Sample rate', default: 1 },
              anonymize: { type: 'boolean', title: 'Anonymize', default: true },
              connect: {
                type: 'button',
                title: 'Connect',
                callback_url: 'https://analytics.example.com/connect',
                button_text: 'Connect',
              },
            },
            required: ['siteId'],
          },
        },
        secrets: { API_KEY: 'k' },
        contentSecurityPolicy: { 'script-src': "'self'", 'connect-src': 'https://analytics.example.com' },
      }),
    seed: (c) => c.integrations.publish('analytics-pro', manifest),
  },
  'integrations.installationsStatus': {
    full: (c) =>
      c.integrations.installationsStatus(ORG, { target: 'site', site: 'site_docs', limit: 10, page: 'p2' }),
    seed: (c) => c.integrations.installationsStatus(ORG),
  },
};
