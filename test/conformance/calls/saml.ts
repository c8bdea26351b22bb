import { OKTA_CERTIFICATE } from '../../../packages/sandbox/src/seed-saml.js';
import { ORG, type AreaCalls } from './types.js';

/** The sandbox seed's throwaway self-signed certificate, as identity providers give them. */
const CERTIFICATE = OKTA_CERTIFICATE;

export const samlCalls: AreaCalls = {
  'saml.list': {
    full: (c) => c.saml.list(ORG, { limit: 10, page: 'p2' }),
    seed: (c) => c.saml.list(ORG),
  },
  'saml.create': {
    full: (c) =>
      c.saml.create(ORG, {
        label: 'Entra ID',
        entityID: 'https://sts.windows.test/acme/',
        certificate: CERTIFICATE,
        ssoURL: 'https://login.microsoftonline.test/acme/saml2',
        defaultTeam: 'team_reviewers',
        defaultRole: 'read',
      }),
    seed: (c) => c.saml.create(ORG, { label: 'Entra ID' }),
  },
  'saml.get': {
    full: (c) => c.saml.get(ORG, 'saml_okta'),
    seed: (c) => c.saml.get(ORG, 'saml_okta'),
  },
  'saml.update': {
    full: (c) =>
      c.saml.update(ORG, 'saml_okta', {
        label: 'Okta (EU)',
        entityID: 'http://www.okta.com/exkacme0002',
        certificate: CERTIFICATE,
        ssoURL: 'https://acme-eu.okta.test/app/acme_docs/exkacme0002/sso/saml',
        defaultTeam: 'team_reviewers',
        defaultRole: null,
      }),
    seed: (c) => c.saml.update(ORG, 'saml_okta', { label: 'Okta (EU)' }),
  },
  'saml.delete': {
    full: (c) => c.saml.delete(ORG, 'saml_okta'),
    seed: (c) => c.saml.delete(ORG, 'saml_okta'),
  },
  'saml.listSsoEntries': {
    full: (c) => c.saml.listSsoEntries(ORG),
    seed: (c) => c.saml.listSsoEntries(ORG),
  },
};
