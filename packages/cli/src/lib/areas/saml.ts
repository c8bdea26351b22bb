import { X509Certificate } from 'node:crypto';
import { Args, Flags } from '../../oclif.js';
import type {
  DocsClient,
  MemberRoleParam,
  OrganizationSAMLProvider,
  OrganizationSSOProviderLogin,
} from '@docs-api/sdk';
import { UsageError } from '../failures/exit-codes.js';
import { readText } from '../input/files.js';
import { formatDate, type Column, type Output } from '../terminal/output.js';
import { pickOne, type Prompts } from '../terminal/prompts.js';

/*
 * What the `docs saml ...` commands share: the provider argument and its picker, the provider
 * flags, table columns, the printer of one provider and the reading of `--certificate-file`.
 */

/** The document's `MemberRole` enum (kept here so that parsing flags loads no SDK code). */
export const ROLE_OPTIONS: MemberRoleParam[] = ['admin', 'create', 'review', 'edit', 'comment', 'read'];

export const providerArg = Args.string({
  name: 'provider',
  description: 'SAML provider id (picked from a list at a terminal when omitted)',
});

/**
 * The provider fields as flag definitions: `create` requires `label` (the provider stays
 * `pending` until the other three are set), `edit` none.
 */
export const providerFlagDefinitions = {
  label: { description: 'Name shown on the sign-in button, e.g. Okta' },
  'entity-id': { description: "The identity provider's entity ID (issuer)" },
  'sso-url': { description: "The identity provider's sign-in URL (http or https)" },
  'certificate-file': {
    description: "File holding the identity provider's signing certificate, PEM (- reads standard input)",
  },
};

/** The optional provider flags, the same for `create` and `edit`. */
export const providerOptionFlags = {
  'default-team': Flags.string({ description: 'Id of a team of the organization that new SSO members join' }),
  'default-role': Flags.string({
    description: 'Organization role of new SSO members (guest: none)',
    options: [...ROLE_OPTIONS, 'guest'],
  }),
};

/** `--default-role`: a role, or `null` for `guest`. */
export const defaultRoleValue = (option: string | undefined): MemberRoleParam | null | undefined =>
  option === 'guest' ? null : (option as MemberRoleParam | undefined);

const teamLabel = (provider: OrganizationSAMLProvider) =>
  provider.defaultTeam
    ? `${provider.defaultTeam.title ?? provider.defaultTeam.id} (${provider.defaultTeam.id})`
    : '';

export const providerColumns: Column<OrganizationSAMLProvider>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'LABEL', value: (p) => p.label, cut: true },
  { header: 'STATUS', value: (p) => p.status },
  { header: 'DEFAULT TEAM', value: (p) => p.defaultTeam?.id, priority: 4 },
  { header: 'DEFAULT ROLE', value: (p) => p.defaultRole, priority: 3 },
  { header: 'SSO URL', value: (p) => p.ssoURL, priority: 1 },
  { header: 'CREATED', value: (p) => formatDate(p.createdAt), priority: 2 },
];

export const ssoEntryColumns: Column<OrganizationSSOProviderLogin>[] = [
  { header: 'ID', value: (entry) => entry.id },
  { header: 'LABEL', value: (entry) => entry.label, cut: true },
  { header: 'START URL', value: (entry) => entry.startURL, priority: 1 },
];

/** Subject, expiry and SHA-256 fingerprint of a PEM certificate, when node can read it. */
export function describeCertificate(pem: string | undefined): string | undefined {
  if (!pem) return undefined;
  try {
    const certificate = new X509Certificate(pem);
    return `${certificate.subject.replace(/\n/g, ', ')}, valid to ${certificate.validTo}, SHA-256 ${certificate.fingerprint256}`;
  } catch {
    return 'PEM (not a certificate node can read)';
  }
}

export function printProvider(
  output: Output,
  provider: OrganizationSAMLProvider,
  to: 'stdout' | 'stderr' = 'stdout',
): void {
  output.fields(
    [
      ['ID', provider.id],
      ['Label', provider.label],
      ['Status', provider.status],
      ['Entity ID', provider.entityID],
      ['SSO URL', provider.ssoURL],
      ['Certificate', describeCertificate(provider.certificate)],
      ['Default team', teamLabel(provider)],
      ['Default role', provider.defaultRole === null ? 'guest' : provider.defaultRole],
      ['Created', formatDate(provider.createdAt)],
      ['ACS URL', provider.service?.acsURL],
      ['Start URL', provider.service?.startURL],
      ['Service entity ID', provider.service?.entityID],
    ],
    to,
  );
}

/**
 * `--certificate-file`: the PEM text of a file, or of standard input for `-`, checked to be an
 * X.509 certificate before anything is sent (a private key or a truncated file is a usage error;
 * the contract takes any string).
 */
export async function readCertificate(file: string): Promise<string> {
  const pem = await readText('--certificate-file', file);
  try {
    new X509Certificate(pem);
  } catch {
    throw new UsageError(
      `--certificate-file: ${file === '-' ? 'standard input' : file} holds no PEM certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----).`,
    );
  }
  return pem;
}

export async function pickProvider(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
): Promise<string> {
  const providers = await client.saml.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  return pickOne(
    prompts,
    'SAML provider',
    providers,
    `Organization ${organizationId} has no SAML providers.`,
    (p) => ({
      name: `${p.label ?? p.id} (${p.id})`,
      value: p.id,
      ...(p.ssoURL ? { description: p.ssoURL } : {}),
    }),
  );
}
