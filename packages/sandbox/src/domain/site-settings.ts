import type { Store, SiteRow } from '../store.js';

/*
 * A site's settings objects (customization, agent settings, publishing auth), kept in its row as
 * what was set: a read lays that over the defaults below, so a value set shows until it is set
 * again, and a `null` sent removes it (the default shows again), as the service's nullable input
 * fields mean. The document gives almost no defaults (only `insights.trackingCookie`); the rest
 * are those of a new site on the service (the `clean` theme, its colours, the Inter font), stated
 * here once so every read of an unset field gives the same value.
 */

type Json = Record<string, unknown>;

const themed = (light: string, dark: string) => ({ light, dark });

/** A new site's customization (without `title`, which is the site's). */
export const DEFAULT_CUSTOMIZATION: Json = {
  styling: {
    theme: 'clean',
    primaryColor: themed('#346DDB', '#346DDB'),
    infoColor: themed('#787878', '#787878'),
    successColor: themed('#00C950', '#00C950'),
    warningColor: themed('#FE9A00', '#FE9A00'),
    dangerColor: themed('#FB2C36', '#FB2C36'),
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    codeTheme: {
      default: { light: 'default-light', dark: 'default-dark' },
      openapi: { light: 'default-light', dark: 'default-dark' },
    },
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'default', list: 'default' },
    search: 'prominent',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'system', toggeable: true },
  feedback: { enabled: false },
  ai: { mode: 'search' },
  advancedCustomization: { enabled: true },
  trademark: { enabled: true },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  pageActions: { items: [] },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: true },
};

/** A new site's agent settings. */
export const DEFAULT_AGENT_SETTINGS: Json = {
  scans: { topics: 'auto' },
  findings: { changeRequests: 'auto-fixable' },
  editing: { customInstructions: { object: 'document', data: {}, nodes: [] } },
};

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `patch` laid over `base`: objects merge key by key, lists and scalars replace, `null` removes
 * the key. Neither argument is changed.
 */
export function merged(base: Json, patch: Json): Json {
  const result: Json = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete result[key];
    else if (isObject(value) && isObject(result[key])) result[key] = merged(result[key], value);
    else result[key] = structuredClone(value);
  }
  return result;
}

/** The site's customization as read: the defaults, its title, then what was set. */
export function siteCustomization(row: SiteRow): Json {
  return merged({ ...DEFAULT_CUSTOMIZATION, title: row.site.title }, row.customization ?? {});
}

/** A site space's customization: the site's, with the space's overrides over it. */
export function siteSpaceCustomization(row: SiteRow, siteSpaceId: string): Json {
  return merged(siteCustomization(row), row.spaceCustomizations?.[siteSpaceId] ?? {});
}

/** A new secret for signing visitor tokens (random: a key that followed a counter could be guessed). */
export function newPrivateKey(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '') + globalThis.crypto.randomUUID().replace(/-/g, '');
}

/** The site's publishing auth, made on first use with the custom backend and a new key. */
export function publishingAuth(row: SiteRow): Json & { privateKey: string } {
  row.publishingAuth ??= { backend: 'custom', privateKey: newPrivateKey() };
  return row.publishingAuth;
}

/** The agent settings as read, with where they are. */
export function agentSettingsView(store: Store, row: SiteRow): Json {
  const { updatedAt, updatedBy, ...set } = row.agentSettings ?? {
    updatedAt: undefined,
    updatedBy: undefined,
  };
  return {
    object: 'site-agent-settings',
    ...(updatedAt ? { updatedAt, updatedBy } : {}),
    ...merged(DEFAULT_AGENT_SETTINGS, set),
    urls: { location: store.apiUrl(`/orgs/${row.organization}/sites/${row.site.id}/agent-settings`) },
  };
}
