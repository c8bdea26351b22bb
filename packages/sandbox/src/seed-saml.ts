import { seedFixture } from './seed.js';

/**
 * The signing certificate of the demo identity provider `saml_okta` (a throwaway self-signed EC
 * certificate), as fixtures/demo.json holds it: tests that send a certificate send this one.
 */
export const OKTA_CERTIFICATE = String(
  seedFixture('demo').fixture.samlProviders?.find((row) => row.id === 'saml_okta')?.certificate,
);
