import * as z from 'zod/mini';
import { defineOperation } from './operation.js';
import { built, listOf, loose, openEnum, pageQuery, RoleInput, RoleSchema, strict } from './schema.js';
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

export const SamlProviderSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('saml-provider'),
    id: z.string(),
    /** 1 to 30 characters. */
    label: z.optional(z.string()),
    /** Where the identity provider receives sign-in requests. */
    ssoURL: z.optional(z.string()),
    /** The identity provider's entity ID. */
    entityID: z.optional(z.string()),
    /** The identity provider's signing certificate, as PEM text. */
    certificate: z.optional(z.string()),
    /** The team new SSO members join (absent when none). */
    defaultTeam: z.nullable(z.optional(TeamSchema)),
    /** The organization role new SSO members get; null: they are guests. */
    defaultRole: z.nullable(z.optional(RoleSchema)),
    createdAt: z.optional(z.string()),
    /** `active` or `pending` (not configured yet). */
    status: z.optional(openEnum(SAML_STATUSES)),
    /** What to configure in the identity provider: this service's side of the SAML exchange. */
    service: z.optional(
      loose({
        acsURL: z.optional(z.string()),
        startURL: z.optional(z.string()),
        entityID: z.optional(z.string()),
      }),
    ),
    urls: z.optional(loose({ location: z.optional(z.string()) })),
  }),
);
export type SamlProvider = z.infer<typeof SamlProviderSchema>;

/** One way to sign in to the organization: a provider's label and the URL that starts its sign-in. */
export const SsoEntrySchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** The SAML provider's id. */
    id: z.string(),
    label: z.optional(z.string()),
    startURL: z.optional(z.string()),
  }),
);
export type SsoEntry = z.infer<typeof SsoEntrySchema>;

/** The SSO entries answer: `{items}`, not paginated. */
export const SsoEntriesSchema = /* @__PURE__ */ z.lazy(() => loose({ items: z.array(SsoEntrySchema) }));
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

const notBlank = () => z.string().check(z.regex(/\S/, 'must not be empty'));
const label = /* @__PURE__ */ z.lazy(() => notBlank().check(z.maxLength(SAML_LABEL_MAX)));
const entityID = /* @__PURE__ */ z.lazy(() => notBlank().check(z.maxLength(SAML_ENTITY_ID_MAX)));
const certificate = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.maxLength(SAML_CERTIFICATE_MAX), z.refine(isPemCertificate, PEM_MESSAGE)),
);
const ssoURL = /* @__PURE__ */ z.lazy(() =>
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).check(z.maxLength(SAML_SSO_URL_MAX)),
);
const teamId = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1)));

export const SamlProviderListQuery = /* @__PURE__ */ z.lazy(() => strict({ ...pageQuery() }));
export type SamlProviderListQuery = z.input<typeof SamlProviderListQuery>;

export const SamlProviderCreateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** 1 to 30 characters. */
    label,
    /** The identity provider's entity ID (at most 1024 characters). */
    entityID: z.optional(entityID),
    /** The identity provider's signing certificate: one PEM block (at most 10000 characters). */
    certificate: z.optional(certificate),
    /** Where the identity provider receives sign-in requests: an http(s) URL (at most 2048 characters). */
    ssoURL: z.optional(ssoURL),
    /** Id of a team of the organization that new SSO members join. */
    defaultTeam: z.optional(teamId),
    /** Organization role of new SSO members; `null` makes them guests (from the published document). */
    defaultRole: z.optional(z.nullable(RoleInput)),
  }),
);
export type SamlProviderCreateBody = z.input<typeof SamlProviderCreateBody>;

/** The create fields, each optional; at least one must be given. */
export const SamlProviderUpdateBody = /* @__PURE__ */ z.lazy(() =>
  z
    .partial(built(SamlProviderCreateBody))
    .check(
      z.refine(
        (body) => Object.values(body).some((value) => value !== undefined),
        'give at least one field to change',
      ),
    ),
);
export type SamlProviderUpdateBody = z.input<typeof SamlProviderUpdateBody>;

const SAML = '/v1/orgs/{organizationId}/saml' as const;
const PROVIDER = `${SAML}/{samlProviderId}` as const;

export const listSamlProviders = /* @__PURE__ */ defineOperation({
  id: 'saml.list',
  area: AREA,
  summary: 'List the SAML providers of an organization',
  method: 'GET',
  idempotent: true,
  path: SAML,
  query: SamlProviderListQuery,
  status: 200,
  response: () => listOf(SamlProviderSchema),
  paginated: true,
});

export const createSamlProvider = /* @__PURE__ */ defineOperation({
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

export const getSamlProvider = /* @__PURE__ */ defineOperation({
  id: 'saml.get',
  area: AREA,
  summary: 'Get a SAML provider',
  method: 'GET',
  idempotent: true,
  path: PROVIDER,
  status: 200,
  response: SamlProviderSchema,
});

export const updateSamlProvider = /* @__PURE__ */ defineOperation({
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

export const deleteSamlProvider = /* @__PURE__ */ defineOperation({
  id: 'saml.delete',
  area: AREA,
  summary: 'Remove a SAML provider (success also when it is absent)',
  method: 'DELETE',
  idempotent: true,
  path: PROVIDER,
  status: 204,
});

export const listSsoEntries = /* @__PURE__ */ defineOperation({
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
