import type { DocsClient } from '@docs-api/sdk';
import { formatDate, plural } from '../terminal/output.js';
import { pickOne, type Prompts } from '../terminal/prompts.js';
import {
  bodyText,
  commentFields,
  crLabel,
  excerpt,
  flattenPages,
  pageId,
  pageText,
  reviewerUser,
  userLabel,
  userName,
} from './cr-readers.js';

/* What is offered at a terminal when a `docs cr ...` argument is missing. */

export async function pickSpace(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
): Promise<string> {
  const spaces = await client.spaces.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  return pickOne(prompts, 'Space', spaces, `Organization ${organizationId} has no spaces.`, (space) => ({
    name: `${space.emoji ? `${space.emoji} ` : ''}${space.title ?? space.id} (${space.id})`,
    value: space.id,
  }));
}

/** Picks a change request of the space among those in `status` (open ones unless said). */
export async function pickChangeRequest(
  prompts: Prompts,
  client: DocsClient,
  spaceId: string,
  status: 'open' | 'archived' = 'open',
): Promise<string> {
  const requests = await client.changeRequests.list(spaceId, { limit: 100, status }).toArray({ max: 100 });
  const none = status === 'open' ? 'open change requests' : 'closed (archived) change requests';
  return pickOne(prompts, 'Change request', requests, `Space ${spaceId} has no ${none}.`, (cr) => ({
    name: `#${cr.number} ${cr.subject}${cr.outdated ? ' (outdated)' : ''}`,
    value: String(cr.number),
    description: `by ${userName(cr.createdBy)}, ${plural(cr.comments, 'open comment')}, updated ${formatDate(cr.updatedAt)}`,
  }));
}

export async function pickComment(
  prompts: Prompts,
  client: DocsClient,
  spaceId: string,
  crId: string,
): Promise<string> {
  const comments = await client.changeRequests.comments
    .list(spaceId, crId, { limit: 100 })
    .toArray({ max: 100 });
  return pickOne(
    prompts,
    'Comment',
    comments.map(commentFields),
    `Change request ${crLabel(crId)} has no comments.`,
    (c) => ({
      name: `${excerpt(bodyText(c.body))} (${userName(c.postedBy)}${c.status === 'resolved' ? ', resolved' : ''})`,
      value: c.id,
    }),
  );
}

export async function pickReviewer(
  prompts: Prompts,
  client: DocsClient,
  spaceId: string,
  crId: string,
): Promise<string> {
  const reviewers = await client.changeRequests.reviewers
    .list(spaceId, crId, { limit: 100 })
    .toArray({ max: 100 });
  const users = reviewers.flatMap((r) => {
    const user = reviewerUser(r);
    return user ? [user] : [];
  });
  return pickOne(
    prompts,
    'Reviewer',
    users,
    `Change request ${crLabel(crId)} has no requested reviewers.`,
    (user) => ({
      name: userLabel(user),
      value: user.id,
    }),
  );
}

export async function pickFile(
  prompts: Prompts,
  client: DocsClient,
  spaceId: string,
  crId: string,
): Promise<string> {
  const files = await client.changeRequests.content
    .listFiles(spaceId, crId, { limit: 100, computed: false })
    .toArray({ max: 100 });
  return pickOne(prompts, 'File', files, `Change request ${crLabel(crId)} has no files.`, (file) => ({
    name: `${file.name ?? file.id} (${file.id})`,
    value: file.id,
  }));
}

export async function pickPage(
  prompts: Prompts,
  client: DocsClient,
  spaceId: string,
  crId: string,
): Promise<string> {
  const { pages } = await client.changeRequests.content.listPages(spaceId, crId, { computed: false });
  const tree = flattenPages(pages);
  return pickOne(
    prompts,
    'Page',
    tree,
    `Change request ${crLabel(crId)} has no pages.`,
    ({ page, depth }) => ({
      name: `${'  '.repeat(depth)}${pageText(page, 'title') ?? pageId(page)}`,
      value: pageId(page),
    }),
  );
}
