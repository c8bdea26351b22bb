/** Public object and request types, re-exported from the contract. */
export type { Role, User, Document, DocumentInput, Block, ContentReference } from './contract/common.js';
export type { ListEnvelope } from './contract/schema.js';
export type { Space } from './contract/spaces.js';
export type { Organization } from './contract/organizations.js';
export type { Integration, IntegrationScript } from './contract/integrations.js';
export type {
  Site,
  SiteAdaptiveSchema,
  TemplateCondition,
  SiteSpace,
  SiteSection,
  PublishedSite,
  SiteCreateBody,
  SiteUpdateBody,
  SiteListQuery,
  AdaptiveSchemaBody,
} from './contract/sites.js';
