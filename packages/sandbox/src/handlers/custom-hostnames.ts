import { getCustomHostname, removeCustomHostname, type CustomHostname } from '@docs-api/sdk/contract';
import { membership } from '../domain/organizations.js';
import { notFound } from '../errors.js';
import { implement, type Implementation } from '../implement.js';
import type { Store } from '../store.js';

/*
 * Custom hostnames are those the state holds: a site's `hostname`, an organization's
 * `customHostname` (set by fixtures), for an organization the actor is a member of. Whether one is
 * live needs a DNS and TLS check the sandbox cannot make offline (`dnsRevalidateCustomHostname`
 * answers 409), so none is active and none has a status. Removing one clears it from its owner.
 */

type Owner = { kind: 'site'; id: string; organization: string } | { kind: 'organization'; id: string };

function ownerOf(store: Store, hostname: string): Owner {
  const wanted = hostname.toLowerCase();
  const reachable = (organization: string) => membership(store, organization, store.actor) !== undefined;
  for (const row of store.sites.values()) {
    if (row.site.hostname?.toLowerCase() === wanted && reachable(row.organization))
      return { kind: 'site', id: row.site.id, organization: row.organization };
  }
  for (const organization of store.organizations.values()) {
    if (organization.customHostname?.toLowerCase() === wanted && reachable(organization.id))
      return { kind: 'organization', id: organization.id };
  }
  throw notFound('custom hostname', hostname);
}

function hostnameView(store: Store, hostname: string, owner: Owner): CustomHostname {
  return {
    object: 'custom-hostname',
    hostname: hostname.toLowerCase(),
    target:
      owner.kind === 'site'
        ? { type: 'site', site: owner.id }
        : { type: 'organization', organization: owner.id },
    isActive: false,
    urls: { location: store.apiUrl(`/custom-hostnames/${encodeURIComponent(hostname.toLowerCase())}`) },
  };
}

export const customHostnameHandlers: Implementation[] = [
  implement(getCustomHostname, ({ store, params }) =>
    hostnameView(store, params.hostname, ownerOf(store, params.hostname)),
  ),

  implement(removeCustomHostname, ({ store, params }) => {
    const owner = ownerOf(store, params.hostname);
    if (owner.kind === 'site') {
      const row = store.sites.get(owner.id)!;
      delete row.site.hostname;
    } else {
      store.organizations.get(owner.id)!.customHostname = null;
    }
  }),
];
