import type { Store } from './store.js';

/** The signing certificate of the demo identity provider (a throwaway self-signed EC certificate). */
export const OKTA_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBiDCCAS2gAwIBAgIUAQ3RCQRInMRR9YrtHNGUtoipqFYwCgYIKoZIzj0EAwIw
GTEXMBUGA1UEAwwOYWNtZS5va3RhLnRlc3QwHhcNMjYxMTIyMTcyOTQ4WhcNMzYx
MTE5MTcyOTQ4WjAZMRcwFQYDVQQDDA5hY21lLm9rdGEudGVzdDBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABGc+XladS8hxhrCXeUGLzgoKPAZsB+xnfMoUQRmdtRWX
XSgy81CFAwCETk1krWr/PyBwy14tNeod3u4Ng9+TBuqjUzBRMB0GA1UdDgQWBBSK
1LSdVFwzRdzjbKEWekJYZIbMNjAfBgNVHSMEGDAWgBSK1LSdVFwzRdzjbKEWekJY
ZIbMNjAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0kAMEYCIQC3FcMbQRGR
eKdLAjQGTcSBhS2ynL0IrvF//0sTcgq15AIhAPwI7/ENHwi8u6b6ZwpgMuxKdgnz
JIVic+EPNuruXAfL
-----END CERTIFICATE-----
`;

/**
 * The demo SAML provider of org_acme, with a fixed id: `saml_okta` "Okta", whose new SSO
 * members join team_docs with the role `edit`.
 */
export function seedSaml(store: Store): void {
  store.samlProviders.set('saml_okta', {
    id: 'saml_okta',
    organization: 'org_acme',
    label: 'Okta',
    entityID: 'http://www.okta.com/exkacme0001',
    certificate: OKTA_CERTIFICATE,
    ssoURL: 'https://acme.okta.test/app/acme_docs/exkacme0001/sso/saml',
    defaultTeam: 'team_docs',
    defaultRole: 'edit',
    createdAt: '2026-01-05T11:00:00.000Z',
  });
}
