import { z } from 'zod';
import { RoleInput, RoleSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';
import { TeamSchema } from './teams.js';

const AREA = 'Single sign-on';

/**
 * SAML provider statuses, from the published document: `pending` until the identity provider's
 * side (`entityID`, `ssoURL`, `certificate`) is configured, then `active`.
 */
export const SAML_STATUSES = ['active', 'pending'] as const;

/** The published document's limits on a SAML provider's fields. */
export const SAML_LABEL_MAX = 30;
export const SAML_ENTITY_ID_MAX = 1024;
export const SAML_CERTIFICATE_MAX = 10_000;
export const SAML_SSO_URL_MAX = 2048;

export const SamlProviderSchema = loose({
  object: z.literal('saml-provider'),
  id: z.string(),
  /** 1 to 30 characters. */
  label: z.string().optional(),
  /** Where the identity provider receives sign-in requests. */
  ssoURL: z.string().optional(),
  /** The identity provider's entity ID. */
  entityID: z.string().optional(),
  /** The identity provider's signing certificate, as PEM text. */
  certificate: z.string().optional(),
  /** The team new SSO members join (absent when none). */
  defaultTeam: TeamSchema.optional().nullable(),
  /** The organization role new SSO members get; null: they are guests. */
  defaultRole: RoleSchema.optional().nullable(),
  createdAt: z.string().optional(),
  /** `active` or `pending` (not configured yet). */
  status: openEnum(SAML_STATUSES).optional(),
  /** What to configure in the identity provider: this service's side of the SAML exchange. */
  service: loose({
    acsURL: z.string().optional(),
    startURL: z.string().optional(),
    entityID: z.string().optional(),
  }).optional(),
  urls: loose({ location: z.string().optional() }).optional(),
});
export type SamlProvider = z.infer<typeof SamlProviderSchema>;

/** One way to sign in to the organization: a provider's label and the URL that starts its sign-in. */
export const SsoEntrySchema = loose({
  /** The SAML provider's id. */
  id: z.string(),
  label: z.string().optional(),
  startURL: z.string().optional(),
});
export type SsoEntry = z.infer<typeof SsoEntrySchema>;

/** The SSO entries answer: `{items}`, not paginated. */
export const SsoEntriesSchema = loose({ items: z.array(SsoEntrySchema) });
export type SsoEntries = z.infer<typeof SsoEntriesSchema>;

const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\r?\n([\s\S]*?)\r?\n?-----END CERTIFICATE-----$/;
const PEM_MESSAGE =
  'must be one PEM certificate block: -----BEGIN CERTIFICATE-----, base64 lines, -----END CERTIFICATE-----';

/** True when `text` (spaces around it ignored) is one PEM `CERTIFICATE` block with a base64 body. */
export function isPemCertificate(text: string): boolean {
  const match = PEM_CERTIFICATE.exec(text.trim());
  const base64 = match?.[1]?.replace(/\s+/g, '') ?? '';
  return base64.length > 0 && base64.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(base64);
}

const notBlank = () => z.string().regex(/\S/, 'must not be empty');
const label = notBlank().max(SAML_LABEL_MAX);
const entityID = notBlank().max(SAML_ENTITY_ID_MAX);
const certificate = z.string().max(SAML_CERTIFICATE_MAX).refine(isPemCertificate, PEM_MESSAGE);
const ssoURL = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(SAML_SSO_URL_MAX);
const teamId = z.string().min(1);

export const SamlProviderListQuery = strict({ ...pageQuery });
export type SamlProviderListQuery = z.input<typeof SamlProviderListQuery>;

export const SamlProviderCreateBody = strict({
  /** 1 to 30 characters. */
  label,
  /** The identity provider's entity ID (at most 1024 characters). */
  entityID: entityID.optional(),
  /** The identity provider's signing certificate: one PEM block (at most 10000 characters). */
  certificate: certificate.optional(),
  /** Where the identity provider receives sign-in requests: an http(s) URL (at most 2048 characters). */
  ssoURL: ssoURL.optional(),
  /** Id of a team of the organization that new SSO members join. */
  defaultTeam: teamId.optional(),
  /** Organization role of new SSO members; `null` makes them guests (from the published document). */
  defaultRole: RoleInput.nullable().optional(),
});
export type SamlProviderCreateBody = z.input<typeof SamlProviderCreateBody>;

/** The create fields, each optional; at least one must be given. */
export const SamlProviderUpdateBody = SamlProviderCreateBody.partial().refine(
  (body) => Object.values(body).some((value) => value !== undefined),
  'give at least one field to change',
);
export type SamlProviderUpdateBody = z.input<typeof SamlProviderUpdateBody>;

const SAML = '/v1/orgs/{organizationId}/saml' as const;
const PROVIDER = `${SAML}/{samlProviderId}` as const;

export const listSamlProviders = defineOperation({
  id: 'saml.list',
  area: AREA,
  summary: 'List the SAML providers of an organization',
  method: 'GET',
  idempotent: true,
  path: SAML,
  query: SamlProviderListQuery,
  status: 200,
  response: listOf(SamlProviderSchema),
  paginated: true,
});

export const createSamlProvider = defineOperation({
  id: 'saml.create',
  area: AREA,
  summary: 'Add a SAML identity provider to an organization',
  method: 'POST',
  idempotent: false,
  path: SAML,
  body: SamlProviderCreateBody,
  status: 201,
  response: SamlProviderSchema,
});

export const getSamlProvider = defineOperation({
  id: 'saml.get',
  area: AREA,
  summary: 'Get a SAML provider',
  method: 'GET',
  idempotent: true,
  path: PROVIDER,
  status: 200,
  response: SamlProviderSchema,
});

export const updateSamlProvider = defineOperation({
  id: 'saml.update',
  area: AREA,
  summary: 'Change some fields of a SAML provider',
  method: 'PATCH',
  idempotent: true,
  path: PROVIDER,
  body: SamlProviderUpdateBody,
  status: 200,
  response: SamlProviderSchema,
});

export const deleteSamlProvider = defineOperation({
  id: 'saml.delete',
  area: AREA,
  summary: 'Remove a SAML provider (success also when it is absent)',
  method: 'DELETE',
  idempotent: true,
  path: PROVIDER,
  status: 204,
});

export const listSsoEntries = defineOperation({
  id: 'saml.ssoEntries',
  area: AREA,
  summary: 'List the single sign-on entries of an organization',
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs/{organizationId}/sso',
  status: 200,
  response: SsoEntriesSchema,
});

export const samlOperations = [
  listSamlProviders,
  createSamlProvider,
  getSamlProvider,
  updateSamlProvider,
  deleteSamlProvider,
  listSsoEntries,
] as const;
