import { operationById } from '@docs-api/sdk/contract';

/**
 * Every operation the sandbox serves, by its public id (the document's operationId), with the
 * other names it answers to: the SDK's name (`sites.list`) and the ids it had before 0.2
 * (`sites.published`). Faults, hit counters and the admin API take any of them; a fault naming
 * none is a compile error, and at run time an error listing the close matches. Kept equal to the
 * contract's operations and to the sandbox's handlers by time-and-reset.test.ts.
 */
export const OPERATION_NAMES = {
  listSites: ['sites.list'],
  createSite: ['sites.create'],
  getSiteById: ['sites.get'],
  deleteSiteById: ['sites.delete'],
  updateSiteById: ['sites.update'],
  getSiteAdaptiveSchema: ['sites.adaptiveSchema.get'],
  updateSiteAdaptiveSchema: ['sites.adaptiveSchema.update'],
  listSiteAdaptiveTemplateConditions: [
    'sites.adaptiveSchema.listTemplateConditions',
    'sites.adaptiveSchema.templateConditions',
  ],
  getPublishedContentSite: ['sites.getPublished', 'sites.published'],
  listSiteIntegrationScripts: ['sites.listIntegrationScripts', 'sites.integrationScripts'],
  listSiteIntegrations: ['sites.listIntegrations', 'sites.integrations'],
  listOrganizationsForAuthenticatedUser: ['organizations.list'],
  getOrganizationById: ['organizations.get'],
  updateOrganizationById: ['organizations.update'],
  deleteOrganizationInviteById: ['organizations.deleteInvite'],
  joinOrganization: ['organizations.join'],
  searchOrganizationContent: ['organizations.search'],
  getOrganizationAgentInstructions: [
    'organizations.getAgentInstructions',
    'organizations.agentInstructions.get',
  ],
  updateOrganizationAgentInstructions: [
    'organizations.updateAgentInstructions',
    'organizations.agentInstructions.update',
  ],
  getOrganizationsForEmailDomain: ['organizations.listByEmailDomain'],
  updateOrganizationMemberLastSeenAt: ['organizations.ping'],
  listMembersInOrganizationById: ['members.list'],
  getMemberInOrganizationById: ['members.get'],
  updateMemberInOrganizationById: ['members.update'],
  removeMemberFromOrganizationById: ['members.delete'],
  setUserAsSSOMemberForOrganization: ['members.addSso'],
  listSpacesForOrganizationMember: ['members.listSpaces'],
  listTeamsForOrganizationMember: ['members.listTeams'],
  listCollectionsInOrganizationById: ['collections.list'],
  createCollection: ['collections.create'],
  getCollectionById: ['collections.get'],
  updateCollectionById: ['collections.update'],
  deleteCollectionById: ['collections.delete'],
  listSpacesInCollectionById: ['collections.listSpaces', 'collections.spaces'],
  moveCollection: ['collections.move'],
  transferCollection: ['collections.transfer'],
  getSpaceById: ['spaces.get'],
  deleteSpaceById: ['spaces.delete'],
  updateSpaceById: ['spaces.update'],
  duplicateSpace: ['spaces.duplicate'],
  restoreSpace: ['spaces.restore'],
  moveSpace: ['spaces.move'],
  transferSpace: ['spaces.transfer'],
  listSpaceLinks: ['spaces.listLinks', 'spaces.links'],
  listSpacesInOrganizationById: ['spaces.list', 'spaces.listForOrganization'],
  listChangeRequestsForSpace: ['changeRequests.list'],
  listChangeRequestsForOrganization: ['changeRequests.listForOrganization'],
  createChangeRequest: ['changeRequests.create'],
  getChangeRequestById: ['changeRequests.get'],
  updateChangeRequestById: ['changeRequests.update'],
  mergeChangeRequest: ['changeRequests.merge'],
  updateChangeRequest: ['changeRequests.updateFromPrimary'],
  getChangeRequestPDF: ['changeRequests.getPdf', 'changeRequests.pdf'],
  getContributorsByChangeRequestId: ['changeRequests.listContributors', 'changeRequests.contributors'],
  getRequestedReviewersByChangeRequestId: ['changeRequests.reviewers.list'],
  requestReviewersForChangeRequest: ['changeRequests.reviewers.request'],
  removeRequestedReviewerFromChangeRequest: ['changeRequests.reviewers.remove'],
  listCommentsInChangeRequest: ['changeRequests.comments.list'],
  postCommentInChangeRequest: ['changeRequests.comments.create'],
  getCommentInChangeRequest: ['changeRequests.comments.get'],
  updateCommentInChangeRequest: ['changeRequests.comments.update'],
  deleteCommentInChangeRequest: ['changeRequests.comments.delete'],
  listCommentRepliesInChangeRequest: [
    'changeRequests.comments.listReplies',
    'changeRequests.comments.replies.list',
  ],
  postCommentReplyInChangeRequest: [
    'changeRequests.comments.createReply',
    'changeRequests.comments.replies.create',
  ],
  getRevisionOfChangeRequestById: ['changeRequests.content.getRevision', 'changeRequests.content.revision'],
  listPagesInChangeRequest: ['changeRequests.content.listPages', 'changeRequests.content.pages'],
  listFilesInChangeRequestById: ['changeRequests.content.listFiles', 'changeRequests.content.files'],
  getFileInChangeRequestById: ['changeRequests.content.getFile', 'changeRequests.content.file'],
  listChangeRequestFileBacklinks: [
    'changeRequests.content.listFileBacklinks',
    'changeRequests.content.fileBacklinks',
  ],
  getPageInChangeRequestById: ['changeRequests.content.getPage', 'changeRequests.content.page'],
  listChangeRequestPageLinks: ['changeRequests.content.listPageLinks', 'changeRequests.content.pageLinks'],
  listChangeRequestPageBacklinks: [
    'changeRequests.content.listPageBacklinks',
    'changeRequests.content.pageBacklinks',
  ],
  getChangeRequestChanges: ['changeRequests.listChanges', 'changeRequests.changes'],
  getReviewsByChangeRequestId: ['changeRequests.reviews.list'],
  submitChangeRequestReview: ['changeRequests.reviews.submit'],
  getChangeRequestReviewById: ['changeRequests.reviews.get'],
  getPageInRevisionById: ['revisions.getPage', 'revisions.page'],
  listTranslations: ['translations.list'],
  createTranslation: ['translations.create'],
  getTranslation: ['translations.get'],
  updateTranslation: ['translations.update'],
  deleteTranslation: ['translations.delete'],
  runTranslation: ['translations.run'],
  listGlossaryEntries: ['glossary.list'],
  updateGlossaryEntries: ['glossary.update'],
  getGlossaryEntry: ['glossary.get'],
  listTeamsInOrganizationById: ['teams.list'],
  createOrganizationTeam: ['teams.create'],
  getTeamInOrganizationById: ['teams.get'],
  updateTeamInOrganizationById: ['teams.update'],
  removeTeamFromOrganizationById: ['teams.delete'],
  listTeamMembersInOrganizationById: ['teams.members.list'],
  updateMembersInOrganizationTeam: ['teams.members.update'],
  addMemberToOrganizationTeamById: ['teams.members.set'],
  deleteMemberFromOrganizationTeamById: ['teams.members.remove'],
  listSAMLProvidersInOrganizationById: ['saml.list'],
  createOrganizationSAMLProvider: ['saml.create'],
  getOrganizationSAMLProviderById: ['saml.get'],
  updateOrganizationSAMLProvider: ['saml.update'],
  deleteOrganizationSAMLProvider: ['saml.delete'],
  listSSOProviderLoginsInOrganization: ['saml.listSsoEntries', 'saml.ssoEntries'],
  listIssuesClusters: ['conversations.clusters.list'],
  listConversations: ['conversations.list'],
  ingestConversation: ['conversations.ingest'],
  getConversation: ['conversations.get'],
  listConversationIssues: ['conversations.issues.list'],
  getConversationIssue: ['conversations.issues.get'],
  listOpenAPISpecs: ['openapi.list'],
  createOpenAPISpec: ['openapi.create'],
  getOpenAPISpecBySlug: ['openapi.get'],
  createOrUpdateOpenAPISpecBySlug: ['openapi.replace'],
  deleteOpenAPISpecBySlug: ['openapi.delete'],
  updateOpenAPISpecBySlug: ['openapi.update'],
  listIntegrations: ['integrations.list'],
  getIntegrationByName: ['integrations.get'],
  publishIntegration: ['integrations.publish'],
  listOrganizationIntegrationsStatus: ['integrations.installationsStatus'],
  startImportRun: ['imports.start'],
  cancelImportRun: ['imports.cancel'],
  // Spaces' content: live, of change requests and of revisions (handlers/space-content.ts).
  createSpace: ['spaces.create'],
  listPages: ['spaces.content.listPages'],
  getPageById: ['spaces.content.getPage'],
  getPageByPath: ['spaces.content.getPageByPath'],
  listFiles: ['spaces.content.listFiles'],
  getFileById: ['spaces.content.getFile'],
  getPageInChangeRequestByPath: ['changeRequests.content.getPageByPath'],
  listPagesInRevisionById: ['revisions.listPages'],
  getPageInRevisionByPath: ['revisions.getPageByPath'],
  searchSpaceContent: ['spaces.content.search'],
  updateChangeRequestContent: ['changeRequests.content.update'],
  // Comment replies one by one, and the comments of a space's live content (handlers/comment-replies.ts).
  getCommentReplyInChangeRequest: ['changeRequests.comments.getReply'],
  updateCommentReplyInChangeRequest: ['changeRequests.comments.updateReply'],
  deleteCommentReplyInChangeRequest: ['changeRequests.comments.deleteReply'],
  listCommentsInSpace: ['spaces.comments.list'],
  postCommentInSpace: ['spaces.comments.create'],
  getCommentInSpace: ['spaces.comments.get'],
  updateCommentInSpace: ['spaces.comments.update'],
  deleteCommentInSpace: ['spaces.comments.delete'],
  listCommentRepliesInSpace: ['spaces.comments.listReplies'],
  postCommentReplyInSpace: ['spaces.comments.createReply'],
  getCommentReplyInSpace: ['spaces.comments.getReply'],
  updateCommentReplyInSpace: ['spaces.comments.updateReply'],
  deleteCommentReplyInSpace: ['spaces.comments.deleteReply'],
  // Git Sync (handlers/git-sync.ts) and reads of import runs (handlers/imports.ts).
  importGitRepository: ['spaces.git.importRepository'],
  exportToGitRepository: ['spaces.git.exportToRepository'],
  getSpaceGitInfo: ['spaces.git.getInfo'],
  getImportRun: ['imports.get'],
  listImportRuns: ['imports.list'],
  // Sites' publishing, structure, share links and redirects; OpenAPI versions; installations;
  // users; asking.
  publishSite: ['sites.publish'],
  unpublishSite: ['sites.unpublish'],
  listSiteSpaces: ['sites.spaces.list'],
  addSpaceToSite: ['sites.spaces.add'],
  updateSiteSpaceById: ['sites.spaces.update'],
  deleteSiteSpaceById: ['sites.spaces.delete'],
  listSiteSections: ['sites.sections.list'],
  addSectionToSite: ['sites.sections.add'],
  listSiteShareLinks: ['sites.shareLinks.list'],
  createSiteShareLink: ['sites.shareLinks.create'],
  updateSiteShareLinkById: ['sites.shareLinks.update'],
  deleteSiteShareLinkById: ['sites.shareLinks.delete'],
  listSiteRedirects: ['sites.redirects.list'],
  createSiteRedirect: ['sites.redirects.create'],
  bulkUpsertSiteRedirects: ['sites.redirects.bulkUpsert'],
  getSiteRedirectBySource: ['sites.redirects.getBySource'],
  updateSiteRedirectById: ['sites.redirects.update'],
  deleteSiteRedirectById: ['sites.redirects.delete'],
  listOpenAPISpecVersions: ['openapi.versions.list'],
  getLatestOpenAPISpecVersion: ['openapi.versions.getLatest'],
  getLatestOpenAPISpecVersionContent: ['openapi.versions.getLatestContent'],
  getLatestOpenAPISpecVersionContentRaw: ['openapi.versions.getLatestContentRaw'],
  getOpenAPISpecVersionById: ['openapi.versions.get'],
  getOpenAPISpecVersionContentById: ['openapi.versions.getContent'],
  listIntegrationInstallations: ['integrations.listInstallations'],
  installIntegration: ['integrations.install'],
  installIntegrationOnSpace: ['integrations.installOnSpace'],
  installIntegrationOnSite: ['integrations.installOnSite'],
  listIntegrationSpaceInstallations: ['integrations.listSpaceInstallations'],
  listIntegrationSiteInstallations: ['integrations.listSiteInstallations'],
  uninstallIntegration: ['integrations.uninstall'],
  uninstallIntegrationFromSpace: ['integrations.uninstallFromSpace'],
  uninstallIntegrationFromSite: ['integrations.uninstallFromSite'],
  unpublishIntegration: ['integrations.unpublish'],
  listIntegrationEvents: ['integrations.listEvents'],
  getIntegrationEvent: ['integrations.getEvent'],
  getAuthenticatedUser: ['users.getAuthenticated'],
  getUserById: ['users.get'],
  streamAskInOrganization: ['organizations.streamAsk'],
  askInOrganization: ['organizations.ask'],
} as const satisfies Record<string, readonly string[]>;

/** An operation's public id, the document's operationId, e.g. `listSites`. */
export type OperationId = keyof typeof OPERATION_NAMES;

/** Another name of an operation: its SDK name (`sites.list`) or an id it had before (`sites.published`). */
export type OperationAlias = (typeof OPERATION_NAMES)[OperationId][number];

/** Anything that names an operation the sandbox serves: its id or one of its aliases. */
export type OperationRef = OperationId | OperationAlias;

/** The public ids of every operation the sandbox serves. */
export const OPERATION_IDS = Object.keys(OPERATION_NAMES) as readonly OperationId[];

const SERVED: ReadonlySet<string> = new Set(OPERATION_IDS);

/**
 * The public id of the operation `ref` names (its id, SDK name or an earlier id), if the sandbox
 * serves it; undefined otherwise.
 */
export function servedOperationId(ref: string): OperationId | undefined {
  const id = operationById(ref)?.id;
  return id !== undefined && SERVED.has(id) ? (id as OperationId) : undefined;
}

/**
 * Counts per operation, keyed by the operation's public id (`getSiteById`): what iterating it,
 * `Object.fromEntries()` and `GET /_sandbox/hits` show. Reading takes any name of the operation,
 * so `hits.get('sites.get')` and `hits.get('getSiteById')` are the same count.
 */
export class OperationCounts extends Map<string, number> {
  override get(ref: OperationRef | (string & {})): number | undefined {
    return super.get(canonical(ref));
  }

  override has(ref: OperationRef | (string & {})): boolean {
    return super.has(canonical(ref));
  }

  override set(ref: OperationRef | (string & {}), count: number): this {
    return super.set(canonical(ref), count);
  }

  override delete(ref: OperationRef | (string & {})): boolean {
    return super.delete(canonical(ref));
  }

  /** Adds one to the operation's count. */
  increment(ref: OperationRef | (string & {})): void {
    this.set(ref, (this.get(ref) ?? 0) + 1);
  }
}

/** The operation's public id, or `ref` itself when it names no operation of the contract. */
const canonical = (ref: string): string => operationById(ref)?.id ?? ref;
