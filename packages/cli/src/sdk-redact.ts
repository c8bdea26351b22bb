/*
 * The SDK's redaction rules as the CLI loads them at start-up: bundled apart from the rest of the
 * SDK (scripts/bundle.mjs), so that printing a message does not load the client. See sdk.ts.
 */
export { isSecretName, REDACTED } from '@docs-api/sdk';
