import { Args, Flags, type Command } from '../../oclif.js';
import type {
  ChangeRequest,
  ChangeRequestRequestedReviewer,
  ConflictError,
  MergeConflictError,
  ChangeRequestUserContributor,
  Comment,
  CommentReply,
  ContentRef,
  DocsClient,
  Document,
  JSONDocument,
  RevisionPage,
  Team,
  User,
} from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { childPages, extraFields, reviewerTeam, reviewerUser } from '../../sdk-helpers.js';
import { knownForms, type KnownForms } from './known-forms.js';
import { CommandError, ExitCode } from '../failures/exit-codes.js';
import { terminal } from '../terminal/terminal.js';
import { formatDate, output, plural, terminalWidth, wrapLine, type Column } from '../terminal/output.js';
import { pickOne } from '../terminal/prompts.js';

/*
 * What the `docs cr ...` commands share: their positional arguments, the pickers used at a
 * terminal when an argument is missing, table columns and printers.
 */

export const spaceArg = Args.string({
  name: 'space',
  description: 'Space id (picked from a list at a terminal when omitted)',
});

export const crArg = Args.string({
  name: 'cr',
  description: 'Change request number (e.g. 12 or #12) or id (picked from a list at a terminal when omitted)',
});

export const commentArg = Args.string({
  name: 'comment',
  description: 'Comment id (picked from a list at a terminal when omitted)',
});

/** The flags of every `docs cr content ...` command (and `docs cr links`): both default to on. */
export const contentFlags = {
  'git-metadata': Flags.boolean({
    description: 'Include mutable git metadata (--no-git-metadata: omit it)',
    allowNo: true,
  }),
  computed: Flags.boolean({
    description: 'Compute computed content (--no-computed: skip computing it)',
    allowNo: true,
  }),
};

/** The two booleans every content query takes (the document names them `metadata` and `computed`). */
export interface ContentOptions {
  metadata?: boolean;
  computed?: boolean;
}

/** The SDK's content options from `--[no-]git-metadata` and `--[no-]computed`; unset flags are not sent. */
export function contentOptions(flags: {
  'git-metadata'?: boolean | undefined;
  computed?: boolean | undefined;
}): ContentOptions {
  return {
    ...(flags['git-metadata'] === undefined ? {} : { metadata: flags['git-metadata'] }),
    ...(flags.computed === undefined ? {} : { computed: flags.computed }),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `#12` for a change request given by number, its id otherwise. */
export function crLabel(crId: string | number): string {
  return /^\d+$/.test(String(crId)) ? `#${crId}` : String(crId);
}

/** "Grace Hopper" for a user with a name, the id otherwise. */
/** A user as the service sends it, or as an answer embeds it (fields optional). */
type UserLike = Pick<User, 'displayName'> & { id?: string | undefined };

export function userName(user: UserLike | null | undefined): string {
  return user?.displayName ?? user?.id ?? '';
}

/* The SDK's readers of its tolerant unions (sdk-helpers.ts: loaded without the client). */
export { childPages, reviewerTeam, reviewerUser };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A team's title: the document's `Team` names only its id, the service may send more. */
export function teamTitle(team: Team): string | undefined {
  const { title } = extraFields(team);
  return typeof title === 'string' ? title : undefined;
}

/** A page's id, whatever its type (one of a type this version does not know has it too, as data). */
export function pageId(page: RevisionPage): string {
  return pageText(page, 'id') ?? '';
}

/** A string field of a page of any type, e.g. `path`; none when absent or not a string. */
export function pageText(page: RevisionPage, field: string): string | undefined {
  const value = extraFields(page)[field];
  return typeof value === 'string' ? value : undefined;
}

/** Who a review was asked of: a user's name, or a team's title (published document: teams too). */
export function reviewerName(reviewer: ChangeRequestRequestedReviewer): string {
  const user = reviewerUser(reviewer);
  if (user) return userName(user);
  const team = reviewerTeam(reviewer);
  if (team) return teamTitle(team) ?? `team ${team.id}`;
  return String(reviewer.kind);
}

/** A comment's fields, whatever its status (lib/areas/known-forms.ts). */
export const commentFields = (comment: Comment): KnownForms<Comment> => knownForms(comment);

/** "Grace Hopper (user_grace)". */
export function userLabel(user: UserLike | null | undefined): string {
  if (!user) return '';
  return user.displayName ? `${user.displayName} (${user.id ?? '?'})` : (user.id ?? '');
}

export const changeRequestColumns: Column<ChangeRequest>[] = [
  { header: '#', value: (cr) => cr.number },
  { header: 'SUBJECT', value: (cr) => cr.subject, cut: true },
  { header: 'STATUS', value: (cr) => cr.status },
  { header: 'AUTHOR', value: (cr) => userName(cr.createdBy), cut: true, priority: 2 },
  { header: 'UPDATED', value: (cr) => formatDate(cr.updatedAt), priority: 3 },
  { header: 'COMMENTS', value: (cr) => cr.comments, priority: 1 },
  // Kept longest of the droppable columns: whether it can be merged as it is.
  { header: 'OUTDATED', value: (cr) => cr.outdated, priority: 4 },
];

/** Across an organization a number alone is ambiguous: the space comes first. */
export const organizationChangeRequestColumns: Column<ChangeRequest>[] = [
  { header: 'SPACE', value: (cr) => cr.space },
  ...changeRequestColumns,
];

/** The first line of a comment's markdown, cut to `max` characters. */
export function excerpt(markdown: string | undefined, max = 60): string {
  const line = (markdown ?? '').trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A comment or reply body as text: its markdown, or the text of its rich-text document. */
export function bodyText(body: Document | undefined): string {
  if (!body) return '';
  const { markdown, document } = extraFields(body);
  if (typeof markdown === 'string') return markdown;
  return isRecord(document) ? documentText(document as unknown as JSONDocument) : '';
}

export const commentColumns: Column<Comment>[] = [
  { header: 'ID', value: (c) => commentFields(c).id },
  { header: 'AUTHOR', value: (c) => userName(commentFields(c).postedBy), priority: 4 },
  { header: 'POSTED', value: (c) => formatDate(commentFields(c).postedAt), priority: 3 },
  { header: 'STATUS', value: (c) => String(c.status ?? 'open') },
  { header: 'REPLIES', value: (c) => commentFields(c).replies ?? 0, priority: 2 },
  { header: 'PAGE', value: (c) => commentFields(c).target?.page?.id, priority: 1 },
  { header: 'BODY', value: (c) => excerpt(bodyText(commentFields(c).body)), cut: true },
];

export const replyColumns: Column<CommentReply>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'AUTHOR', value: (r) => userName(r.postedBy), priority: 2 },
  { header: 'POSTED', value: (r) => formatDate(r.postedAt), priority: 1 },
  { header: 'BODY', value: (r) => excerpt(bodyText(r.body), 80), cut: true },
];

/** A user reviewer shows their id and name; a team reviewer `team:<id>` and its title. */
export const reviewerColumns: Column<ChangeRequestRequestedReviewer>[] = [
  {
    header: 'USER',
    value: (r) => {
      const team = reviewerTeam(r);
      return reviewerUser(r)?.id ?? (team ? `team:${team.id}` : '');
    },
  },
  {
    header: 'NAME',
    value: (r) => {
      const team = reviewerTeam(r);
      return reviewerUser(r)?.displayName ?? (team ? teamTitle(team) : undefined);
    },
    cut: true,
  },
  { header: 'REQUESTED BY', value: (r) => userName(knownForms(r).requestedBy), priority: 1 },
  { header: 'REQUESTED', value: (r) => formatDate(knownForms(r).createdAt), priority: 2 },
];

export const contributorColumns: Column<ChangeRequestUserContributor>[] = [
  { header: 'USER', value: (c) => c.user?.id },
  { header: 'NAME', value: (c) => c.user?.displayName, cut: true },
  { header: 'ACTIONS', value: (c) => c.count, priority: 3 },
  { header: 'TYPE', value: (c) => c.actionType, priority: 1 },
  { header: 'LAST', value: (c) => formatDate(c.updatedAt), priority: 2 },
];

/** The plain text of a rich-text document: one line per block. */
export function documentText(document: JSONDocument | null | undefined): string {
  if (!document) return '';
  const leafText = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const { leaves, nodes, text } = node as {
      leaves?: Array<{ text?: string }>;
      nodes?: unknown[];
      text?: string;
    };
    if (typeof text === 'string') return text;
    if (leaves) return leaves.map((leaf) => leaf.text ?? '').join('');
    return (nodes ?? []).map(leafText).join('');
  };
  return (document.nodes ?? []).map(leafText).join('\n').trim();
}

/**
 * A reference (link target, location, backlink) as one short phrase: `page page_intro`,
 * `file file_logo`, `url https://...`. A page's space is named only when it is not `spaceId`.
 */
export function describeReference(reference: ContentRef | undefined, spaceId?: string): string {
  if (!reference) return '';
  const { kind, ...rest } = reference as { kind: string } & Record<string, unknown>;
  const main =
    kind === 'page' ? rest.page : kind === 'file' ? rest.file : kind === 'openapi' ? rest.spec : rest.url;
  if (typeof main === 'string') {
    const space =
      kind === 'page' && typeof rest.space === 'string' && rest.space !== spaceId
        ? ` (space ${rest.space})`
        : '';
    return `${kind} ${main}${space}`;
  }
  const details = Object.values(rest).filter((value): value is string => typeof value === 'string');
  return [kind, ...details].join(' ');
}

/** A size in bytes for people: `512 B`, `24.0 KB`, `1.2 MB`. */
export function fileSize(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface PageInTree {
  page: RevisionPage;
  depth: number;
}

/** The page tree, depth first, with each page's depth. */
export function flattenPages(pages: readonly RevisionPage[] | undefined, depth = 0): PageInTree[] {
  return (pages ?? []).flatMap((page) => [{ page, depth }, ...flattenPages(childPages(page), depth + 1)]);
}

/**
 * A refusal of the service (HTTP 409, `reason` saying why), and when it is one, a merge or an
 * update that answered conflicts (`merged`, `revision`), as the SDK throws them.
 */
export interface Conflict {
  error: ConflictError;
  merge: MergeConflictError | undefined;
}

/** `error` as a conflict; none for any other error. Loads the SDK's error classes (sdk-errors.ts). */
export async function asConflict(error: unknown): Promise<Conflict | undefined> {
  const { ConflictError, MergeConflictError } = await import('../../sdk-errors.js');
  if (!(error instanceof ConflictError)) return undefined;
  return { error, merge: error instanceof MergeConflictError ? error : undefined };
}

/**
 * What `--json` prints when a merge or an update did not go through: an error result a script
 * tells apart by its `error` field (never a success's `result`), `reason` to switch on.
 */
export function conflictResult(
  { error, merge }: Conflict,
  message: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    error: {
      reason: error.reason,
      message,
      ...(merge
        ? { operation: merge.operation, merged: merge.merged, revision: merge.revision }
        : { status: error.status }),
      ...(error.requestId ? { requestId: error.requestId } : {}),
    },
    ...extra,
  };
}

/** Extra facts that `view` shows beside the change request itself. */
export interface ChangeRequestExtras {
  /** Each reviewer and their latest review: `Grace Hopper: changes requested`. */
  reviewers?: readonly string[];
  /** The merge rules: a summary line, then one line per rule. */
  mergeRules?: readonly string[];
  contributors?: readonly ChangeRequestUserContributor[];
}

/** A change request's summary: labelled fields, on stdout (`view`) or stderr (`merge`'s preview). */
export function printChangeRequest(
  cr: ChangeRequest,
  extras: ChangeRequestExtras = {},
  to: 'stdout' | 'stderr' = 'stdout',
): void {
  const { reviewers, mergeRules, contributors } = extras;
  output.fields(
    [
      ['Change request', `#${cr.number} ${cr.subject}`],
      ['ID', cr.id],
      ['Space', cr.space],
      ['Status', cr.status],
      ['Author', userLabel(cr.createdBy)],
      ['Created', formatDate(cr.createdAt)],
      ['Updated', formatDate(cr.updatedAt)],
      ['Open comments', cr.comments],
      ['Outdated', cr.outdated ? 'yes: run `docs cr update` to bring in the primary content' : 'no'],
      ['Reviewers', reviewers === undefined ? undefined : reviewers.join('\n') || 'none requested'],
      ['Merge rules', mergeRules?.join('\n')],
      [
        'Contributors',
        contributors === undefined
          ? undefined
          : contributors.map((c) => `${userName(c.user)} (${c.count})`).join(', ') || 'none',
      ],
      ['Revision', cr.revision],
      ['Merged as', cr.revisionMerged],
      ['Merged by', cr.mergedBy ? userLabel(cr.mergedBy) : undefined],
      [
        'Links',
        cr.links?.length
          ? cr.links
              .map((link) => {
                const url = link.ref?.kind === 'url' ? link.ref.url : link.id;
                return link.title ? `${link.title} <${url}>` : url;
              })
              .join(', ')
          : undefined,
      ],
      ['URL', cr.urls?.app ?? cr.urls?.location],
      ['Description', documentText(cr.description)],
    ],
    to,
  );
}

/** A comment or reply: its facts, then its markdown body. */
export function printComment(comment: Comment | CommentReply): void {
  const c = knownForms(comment as Comment);
  const isReply = (comment as { object?: string }).object === 'comment-reply';
  output.fields([
    ['ID', c.id],
    ['Author', userLabel(c.postedBy)],
    ['Posted', formatDate(c.postedAt)],
    ['Edited', formatDate(c.editedAt)],
    ['Status', isReply ? undefined : String(c.status ?? 'open')],
    ['Resolved by', c.resolvedBy ? userLabel(c.resolvedBy) : undefined],
    ['Page', c.target?.page?.id],
    ['Replies', c.replies],
    ['Reactions', c.reactions?.map((r) => `${r.emoji ?? '?'} ${r.count ?? r.users?.length ?? 0}`).join('  ')],
    // The published document gives comments no app URL: the API address, named as one.
    ['API URL', c.urls?.location],
  ]);
  const text = bodyText(c.body);
  if (text) output.data(`\n${text}`);
}

/** The width text is wrapped at on stdout: the terminal's; none when piped. */
function stdoutWidth(): number {
  return terminal.stdoutIsTTY() ? terminalWidth() : Infinity;
}

/** Lines of markdown under `indent`, each wrapped at words to the terminal's width. */
function indented(text: string, indent: string): string[] {
  const width = stdoutWidth();
  return text
    .split('\n')
    .flatMap((line) => (line.trim() ? wrapLine(`${indent}${line}`, width, indent) : ['']));
}

/**
 * A comment and its replies, as a thread on stdout: the comment's author, time, status, page and
 * id, its text indented under them, then each reply indented under it (`↳ Linus Torvalds ·
 * 2026-01-09 09:00 · reply_id`) with its text.
 */
export function printThread(comment: Comment, replies: readonly CommentReply[]): void {
  const facts = [
    userName(comment.postedBy),
    formatDate(comment.postedAt),
    comment.status ?? 'open',
    comment.target?.page?.id ? `page ${comment.target.page.id}` : undefined,
    comment.id,
  ].filter(Boolean);
  for (const line of wrapLine(facts.join(' · '), stdoutWidth(), '  ')) output.data(line);
  for (const line of indented(bodyText(comment.body), '    ')) output.data(line);
  for (const reply of replies) {
    output.data('');
    const by = [userName(reply.postedBy), formatDate(reply.postedAt), reply.id].filter(Boolean).join(' · ');
    for (const line of wrapLine(`  ↳ ${by}`, stdoutWidth(), '    ')) output.data(line);
    for (const line of indented(bodyText(reply.body), '      ')) output.data(line);
  }
}

export async function pickSpace(client: DocsClient, organizationId: string): Promise<string> {
  const spaces = await client.spaces.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  return pickOne('Space', spaces, `Organization ${organizationId} has no spaces.`, (space) => ({
    name: `${space.emoji ? `${space.emoji} ` : ''}${space.title ?? space.id} (${space.id})`,
    value: space.id,
  }));
}

/** Picks a change request of the space among those in `status` (open ones unless said). */
export async function pickChangeRequest(
  client: DocsClient,
  spaceId: string,
  status: 'open' | 'archived' = 'open',
): Promise<string> {
  const requests = await client.changeRequests.list(spaceId, { limit: 100, status }).toArray({ max: 100 });
  const none = status === 'open' ? 'open change requests' : 'closed (archived) change requests';
  return pickOne('Change request', requests, `Space ${spaceId} has no ${none}.`, (cr) => ({
    name: `#${cr.number} ${cr.subject}${cr.outdated ? ' (outdated)' : ''}`,
    value: String(cr.number),
    description: `by ${userName(cr.createdBy)}, ${plural(cr.comments, 'open comment')}, updated ${formatDate(cr.updatedAt)}`,
  }));
}

export async function pickComment(client: DocsClient, spaceId: string, crId: string): Promise<string> {
  const comments = await client.changeRequests.comments
    .list(spaceId, crId, { limit: 100 })
    .toArray({ max: 100 });
  return pickOne(
    'Comment',
    comments.map(commentFields),
    `Change request ${crLabel(crId)} has no comments.`,
    (c) => ({
      name: `${excerpt(bodyText(c.body))} (${userName(c.postedBy)}${c.status === 'resolved' ? ', resolved' : ''})`,
      value: c.id,
    }),
  );
}

export async function pickReviewer(client: DocsClient, spaceId: string, crId: string): Promise<string> {
  const reviewers = await client.changeRequests.reviewers
    .list(spaceId, crId, { limit: 100 })
    .toArray({ max: 100 });
  const users = reviewers.flatMap((r) => {
    const user = reviewerUser(r);
    return user ? [user] : [];
  });
  return pickOne(
    'Reviewer',
    users,
    `Change request ${crLabel(crId)} has no requested reviewers.`,
    (user) => ({
      name: userLabel(user),
      value: user.id,
    }),
  );
}

export async function pickFile(client: DocsClient, spaceId: string, crId: string): Promise<string> {
  const files = await client.changeRequests.content
    .listFiles(spaceId, crId, { limit: 100, computed: false })
    .toArray({ max: 100 });
  return pickOne('File', files, `Change request ${crLabel(crId)} has no files.`, (file) => ({
    name: `${file.name ?? file.id} (${file.id})`,
    value: file.id,
  }));
}

export async function pickPage(client: DocsClient, spaceId: string, crId: string): Promise<string> {
  const { pages } = await client.changeRequests.content.listPages(spaceId, crId, { computed: false });
  const tree = flattenPages(pages);
  return pickOne('Page', tree, `Change request ${crLabel(crId)} has no pages.`, ({ page, depth }) => ({
    name: `${'  '.repeat(depth)}${pageText(page, 'title') ?? pageId(page)}`,
    value: pageId(page),
  }));
}

/**
 * The base of every `docs cr ...` command: resolves `<space>` and `<cr>` (and `<comment>`)
 * from the arguments, or from a list at a terminal, or fails with a usage error naming them.
 */
export abstract class ChangeRequestCommand<T extends typeof Command> extends BaseCommand<T> {
  /** The `space` argument, or a space of the organization picked at a terminal. */
  protected async spaceId(): Promise<string> {
    const { space } = this.args as { space?: string };
    return this.argOrPick(space, 'the space id', async () =>
      pickSpace(await this.client(), await this.organizationId()),
    );
  }

  /** The requests offered when the change request is picked at a terminal: open ones, or closed for `reopen`. */
  protected pickedStatus: 'open' | 'archived' = 'open';

  /** The `cr` argument (`#12` is read as `12`), or a change request picked at a terminal. */
  protected async changeRequestId(spaceId: string): Promise<string> {
    const { cr } = this.args as { cr?: string };
    const value = cr?.replace(/^#(?=\d+$)/, '');
    return this.argOrPick(value, 'the change request number or id', async () =>
      pickChangeRequest(await this.client(), spaceId, this.pickedStatus),
    );
  }

  /** The space and change request this run acts on, once known: named when the request is not found. */
  #target: { spaceId: string; crId: string } | undefined;

  /** The client, the space and the change request a command acts on. */
  protected async target(): Promise<{ client: DocsClient; spaceId: string; crId: string }> {
    const spaceId = await this.spaceId();
    const crId = await this.changeRequestId(spaceId);
    this.#target = { spaceId, crId };
    return { client: await this.client(), spaceId, crId };
  }

  /**
   * A change request the API does not find is named with its space and number (`Change request
   * #99 was not found in space space_handbook`), not by the server's bare `"99"`; the space, a
   * comment or a page not found keep the server's words.
   */
  protected override async catch(error: Error & { exitCode?: number }): Promise<unknown> {
    const target = this.#target;
    // A target is known once the client is built: the SDK is loaded then.
    const { NotFoundError } = target ? await import('../../sdk-errors.js') : {};
    if (
      target &&
      NotFoundError &&
      error instanceof NotFoundError &&
      new RegExp(
        `/spaces/${escapeRegExp(encodeURIComponent(target.spaceId))}/change-requests/${escapeRegExp(encodeURIComponent(target.crId))}(/|$)`,
      ).test(new URL(error.url, 'http://x').pathname) &&
      // The request's own reads, not its space, a comment, a page... (the server names those).
      !/\b(space|comment|reply|page|file|user|revision|review)\b/i.test(error.serverMessage)
    ) {
      const { status, requestId } = error;
      const details = [`HTTP ${String(status)}`, requestId ? `request id ${requestId}` : '']
        .filter(Boolean)
        .join(', ');
      return super.catch(
        new CommandError(
          `Change request ${crLabel(target.crId)} was not found in space ${target.spaceId} (${details}). List its change requests with \`docs cr list ${target.spaceId} --status all\`.`,
          ExitCode.NotFound,
        ),
      );
    }
    return super.catch(error);
  }

  /** The `comment` argument, or a comment picked at a terminal. */
  protected async commentId(spaceId: string, crId: string): Promise<string> {
    const { comment } = this.args as { comment?: string };
    return this.argOrPick(comment, 'the comment id', async () =>
      pickComment(await this.client(), spaceId, crId),
    );
  }
}
