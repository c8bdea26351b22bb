/** Public object and request types, re-exported from the contract. */
export type { User, Document, DocumentInput, Block, ContentReference } from './contract/common.js';
export type { Role } from './contract/schema.js';
export type { ListEnvelope } from './contract/schema.js';
export type {
  Space,
  SpaceEditMode,
  SpaceUpdateBody,
  SpaceGetQuery,
  SpaceLinksQuery,
  SpaceLanguage,
  SpacePermissions,
  SpaceMergeRules,
  SpaceMergeRulesInput,
  SpaceMergeRule,
  SpaceMergeRuleInput,
  GitSyncState,
  DefaultLevel,
  MoveBody,
  PositionInput,
  PositionAnchorInput,
  TransferBody,
} from './contract/spaces.js';
export type {
  Collection,
  CollectionPermissions,
  CollectionListQuery,
  CollectionCreateBody,
  CollectionUpdateBody,
} from './contract/collections.js';
export type { Organization } from './contract/organizations.js';
export type { Member } from './contract/organizations.js';
export type {
  OrganizationPermissions,
  MergeRule,
  MergeRules,
  MergeRuleInput,
  OrganizationMergeRulesInput,
  MergeRulesInput,
  OrganizationUpdateBody,
  SearchItem,
  SearchPage,
  SearchSection,
  SearchQuery,
  AgentInstructions,
  AgentInstructionsBody,
  PingResult,
  EmailDomainOrganizations,
} from './contract/organizations.js';
export type {
  MemberSpace,
  MemberTeam,
  MemberListQuery,
  MemberUpdateBody,
  MemberSpaceListQuery,
  MemberTeamListQuery,
} from './contract/members.js';
export type { Integration, IntegrationScript } from './contract/integrations.js';
export type { Site, SiteIcon, SiteCreateBody, SiteUpdateBody, SiteListQuery } from './contract/sites.js';
export type {
  SiteAdaptiveSchema,
  TemplateCondition,
  AdaptiveSchemaBody,
} from './contract/site-adaptive-schemas.js';
export type {
  SiteSpace,
  SiteSection,
  SiteSectionGroup,
  SiteExternalLink,
  SiteStructure,
  PublishedSite,
} from './contract/published-sites.js';
export type {
  ChangeRequest,
  ChangeRequestStatus,
  ChangeRequestLink,
  ChangeRequestLinkExpanded,
  ChangeRequestLinkInput,
  MergeResult,
  PdfResult,
  Contributor,
  ContributorList,
  RequestedReviewer,
  RequestedReviewersResult,
  ChangeRequestListQuery,
  OrganizationChangeRequestListQuery,
  ChangeRequestCreateBody,
  ChangeRequestUpdateBody,
  RequestReviewersBody,
  PdfQuery,
} from './contract/change-requests.js';
export type {
  Comment,
  Reply,
  Reaction,
  CommentTarget,
  CommentBody,
  CommentBodyInput,
  ContentFormat,
  CommentListQuery,
  CommentFormatQuery,
  ReplyListQuery,
  CommentCreateBody,
  CommentUpdateBody,
  ReplyCreateBody,
} from './contract/change-request-comments.js';
export type {
  Revision,
  RevisionPages,
  RevisionTag,
  ContentPage,
  DocumentPage,
  GroupPage,
  LinkPage,
  ComputedPage,
  OtherPage,
  PageLayout,
  PageCover,
  ComputedSource,
  Variables,
  GitBlob,
  GitCommit,
  ContentFile,
  ReusableContent,
  Link,
  LinkListing,
  ContentOptions,
  ContentListQuery,
  ContentPageQuery,
} from './contract/change-request-content.js';
export type {
  Translation,
  GlossaryEntry,
  GlossaryTerms,
  GlossaryOperation,
  TranslationCreateBody,
  TranslationUpdateBody,
  TranslationListQuery,
  TranslationLanguage,
  GlossaryListQuery,
  GlossaryUpdateBody,
} from './contract/translations.js';
export type {
  Team,
  TeamRole,
  TeamMembership,
  TeamListQuery,
  TeamCreateBody,
  TeamUpdateBody,
  TeamMembersUpdateBody,
  TeamMemberPutBody,
} from './contract/teams.js';
export type {
  SamlProvider,
  SsoEntry,
  SsoEntries,
  SamlProviderListQuery,
  SamlProviderCreateBody,
  SamlProviderUpdateBody,
} from './contract/saml.js';
export type {
  Conversation,
  ConversationPart,
  ConversationMetadata,
  ConversationDetail,
  ConversationIssue,
  ConversationIssueItem,
  IssuesCluster,
  ClusterListQuery,
  ConversationListQuery,
  IssueListQuery,
  ConversationPartInput,
  ConversationIngestBody,
} from './contract/conversations.js';
export type {
  OpenApiSpec,
  OpenApiSpecSource,
  OpenApiSpecCreateBody,
  OpenApiSpecReplaceBody,
  OpenApiSpecUpdateBody,
  OpenApiSpecListQuery,
} from './contract/openapi.js';
export type {
  InstallationStatus,
  InstallationTarget,
  IntegrationListQuery,
  IntegrationPublishBody,
  InstallationsStatusQuery,
  IntegrationBlock,
  IntegrationCategory,
  IntegrationConfiguration,
  IntegrationContentSource,
  IntegrationScope,
  IntegrationTarget,
  IntegrationVisibility,
  ConfigurationProperty,
  ContentSecurityPolicy,
} from './contract/integrations.js';
export type { ImportRun, ImportSource, ImportStartBody } from './contract/imports.js';
