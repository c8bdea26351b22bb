import type {
  ChangeRequestRequestedReviewer,
  Comment,
  ContentRef,
  Document,
  JSONDocument,
  RevisionPage,
  Team,
} from '@docs-api/sdk';
import { childPages, extraFields, reviewerTeam, reviewerUser } from '../../sdk-helpers.js';
import { knownForms, type KnownForms } from './known-forms.js';

/* How the `docs cr ...` commands read what the service sends: labels, names, texts, the page tree. */

/** `#12` for a change request given by number, its id otherwise. */
export function crLabel(crId: string | number): string {
  return /^\d+$/.test(String(crId)) ? `#${crId}` : String(crId);
}

/** "Grace Hopper" for a user with a name, the id otherwise. */
/** A user as the service sends it, or as an answer embeds it (fields optional). */
type UserLike = { displayName?: string | undefined; id?: string | undefined };

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
  const { kind, ...rest } = reference as unknown as { kind: string } & Record<string, unknown>;
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

export interface PageInTree {
  page: RevisionPage;
  depth: number;
}

/** The page tree, depth first, with each page's depth. */
export function flattenPages(pages: readonly RevisionPage[] | undefined, depth = 0): PageInTree[] {
  return (pages ?? []).flatMap((page) => [{ page, depth }, ...flattenPages(childPages(page), depth + 1)]);
}
