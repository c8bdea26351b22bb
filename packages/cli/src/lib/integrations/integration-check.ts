import { UsageError } from '../failures/exit-codes.js';

/*
 * What `docs integrations check` sends the worker: one event as the service's dispatcher sends it
 * to an integration (a POST to /v1 with a multipart form: `event`, `environment` and, for a
 * fetch, `fetch-body`), with an environment that reaches no service: API calls the integration
 * makes go to a closed loopback port and fail at once, and no real token is ever in it.
 */

/** An API endpoint nothing listens on (the discard port): calls fail without leaving the machine. */
export const CHECK_API_ENDPOINT = 'http://127.0.0.1:9';
const CHECK_TOKEN = 'docs-integrations-check';
const INSTALLATION_ID = 'inst_check';
/** Where a fetch event's request seems to come from. */
const FETCH_ORIGIN = 'https://integration.check.invalid';

/** The event types `--event` offers; a payload file may send any other. */
export const CHECK_EVENTS = [
  'fetch',
  'installation_setup',
  'space_installation_setup',
  'site_installation_setup',
  'space_view',
  'space_content_updated',
] as const;

export interface CheckEvent {
  event: Record<string, unknown>;
  fetchBody?: string;
}

/** The event of `--event TYPE` (and `--path` for a fetch), with ids that name the check. */
export function checkEvent(type: string, path: string): CheckEvent {
  const base = { eventId: `evt_check_${Date.now().toString(36)}`, type };
  switch (type) {
    case 'fetch': {
      if (!path.startsWith('/')) throw new UsageError(`--path must start with /, got ${path}.`);
      return {
        event: {
          ...base,
          installationId: INSTALLATION_ID,
          request: { method: 'GET', url: `${FETCH_ORIGIN}${path}`, headers: {} },
        },
      };
    }
    case 'installation_setup':
      return { event: { ...base, installationId: INSTALLATION_ID, status: 'active' } };
    case 'space_installation_setup':
    case 'space_view':
    case 'space_content_updated':
      return {
        event: {
          ...base,
          installationId: INSTALLATION_ID,
          spaceId: 'space_check',
          ...(type === 'space_installation_setup' ? { status: 'active' } : {}),
          ...(type === 'space_content_updated' ? { revisionId: 'rev_check' } : {}),
          ...(type === 'space_view' ? { visitor: { anonymousId: 'visitor_check' } } : {}),
        },
      };
    case 'site_installation_setup':
      return { event: { ...base, installationId: INSTALLATION_ID, siteId: 'site_check', status: 'active' } };
    default:
      throw new UsageError(
        `--event must be one of ${CHECK_EVENTS.join(', ')} (or send your own with --payload).`,
      );
  }
}

/** The environment the dispatcher gives the integration: its name and version, no real token. */
export function checkEnvironment(integration: Record<string, unknown>): Record<string, unknown> {
  return {
    apiEndpoint: CHECK_API_ENDPOINT,
    apiTokens: { integration: CHECK_TOKEN, installation: CHECK_TOKEN },
    authToken: CHECK_TOKEN,
    integration: { object: 'integration', version: 0, ...integration },
    installation: {
      id: INSTALLATION_ID,
      status: 'active',
      space_selection: 'all',
      site_selection: 'all',
      spaces: 0,
      configuration: {},
    },
    secrets: {},
    signingSecrets: { integration: CHECK_TOKEN, installation: CHECK_TOKEN },
  };
}

/** The dispatcher's request: `event`, `environment` and `fetch-body` as form fields. */
export function dispatchBody(event: CheckEvent, environment: Record<string, unknown>): FormData {
  const form = new FormData();
  form.set('event', JSON.stringify(event.event));
  form.set('environment', JSON.stringify(environment));
  if (event.fetchBody !== undefined) form.set('fetch-body', event.fetchBody);
  return form;
}
