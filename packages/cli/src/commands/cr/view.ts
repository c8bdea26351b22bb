import type {
  ChangeRequest,
  ChangeRequestReview,
  Comment,
  ChangeRequestRequestedReviewer,
  ChangeRequestUserContributor,
  CommentReply,
} from '@docs-api/sdk';
import { Flags } from '../../oclif.js';
import { browser } from '../../lib/terminal/browser.js';
import { messageOf } from '../../lib/failures/exit-codes.js';
import {
  ChangeRequestCommand,
  crArg,
  printChangeRequest,
  printThread,
  spaceArg,
} from '../../lib/areas/change-requests.js';
import {
  describeMergeRules,
  describeReviewerState,
  mergeRulesState,
  reviewerStates,
  type MergePreview,
  type MergeRulesState,
  type ReviewerState,
} from '../../lib/areas/merge-preview.js';

export type ChangeRequestView = ChangeRequest & {
  requestedReviewers: ChangeRequestRequestedReviewer[];
  contributors: ChangeRequestUserContributor[];
  /** Each reviewer once, with their latest review (or `requested`). */
  reviewers: ReviewerState[];
  reviews: ChangeRequestReview[];
  mergeRules: MergeRulesState;
  /** With --comments: every comment, each with its replies (`thread`). */
  threads?: Array<Comment & { thread: CommentReply[] }>;
};

export default class CrView extends ChangeRequestCommand<typeof CrView> {
  static override summary = 'Show a change request: reviewers and their reviews, merge rules, comments';
  static override description =
    "Prints the change request's number, subject, status, author, dates, open comments, whether it is outdated, each reviewer with their latest review (approved, changes requested, outdated, or requested and not given yet), the merge rules that apply and whether each is met, contributors, revisions, links, URL and description. --comments adds every comment as a thread with its replies. --web opens the request in the app in your browser instead (DOCS_BROWSER, `docs config set browser` or $BROWSER, else the system's); where no browser can open, it prints the URL.\n\n" +
    'With --json, prints the change request object with more fields: requestedReviewers, contributors, reviewers (each reviewer once, with `state` and `outdated`), reviews, mergeRules, and with --comments threads (each comment with its replies as `thread`).\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2. An unknown request is exit 3.';
  static override examples = [
    '<%= config.bin %> cr view space_handbook 1',
    '<%= config.bin %> cr view space_handbook 1 --comments',
    '<%= config.bin %> cr view space_guides 2 --json',
    '<%= config.bin %> cr view space_handbook 1 --web',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    comments: Flags.boolean({ description: 'Show every comment with its replies', default: false }),
    web: Flags.boolean({
      char: 'w',
      description: 'Open the change request in the app, in your browser',
      default: false,
    }),
  };

  async run(): Promise<ChangeRequestView | { url: string | undefined }> {
    const { client, spaceId, crId } = await this.target();
    if (this.flags.web) return this.openWeb(await client.changeRequests.get(spaceId, crId));
    const unavailable: MergePreview['unavailable'] = [];
    const [cr, space, reviewers, contributors, reviews] = await Promise.all([
      client.changeRequests.get(spaceId, crId),
      client.spaces.get(spaceId),
      client.changeRequests.reviewers.list(spaceId, crId, { limit: 100 }).toArray({ max: 1000 }),
      client.changeRequests.listContributors(spaceId, crId),
      // Reviews come from the service's published document: shown when the server answers them.
      client.changeRequests.reviews
        .list(spaceId, crId, { limit: 100 })
        .toArray({ max: 1000 })
        .catch((error: unknown) => {
          unavailable.push({
            what: 'reviews',
            error: messageOf(error),
          });
          return [] as ChangeRequestReview[];
        }),
    ]);
    const mergeRules = await mergeRulesState(client, space, cr, reviews, unavailable);
    const states = reviewerStates(reviews, reviewers);
    const threads = this.flags.comments ? await this.threads(spaceId, crId) : undefined;
    if (this.human) {
      const width = Math.max(0, ...states.map((state) => state.name.length));
      printChangeRequest(this.output, cr, {
        reviewers: states.map(
          (state) => `${`${state.name}:`.padEnd(width + 2)}${describeReviewerState(state)}`,
        ),
        mergeRules: describeMergeRules(mergeRules).map((line, i) => (i === 0 ? line : `  ${line}`)),
        contributors: contributors.items,
      });
      for (const { what, error } of unavailable) this.output.warn(`Could not read the ${what}: ${error}`);
      if (threads) {
        const open = threads.filter((comment) => (comment.status ?? 'open') !== 'resolved').length;
        this.output.data('');
        this.output.data(`Comments: ${threads.length} (${open} open)`);
        for (const comment of threads) {
          this.output.data('');
          printThread(this.output, comment, comment.thread);
        }
      }
    }
    return {
      ...cr,
      requestedReviewers: reviewers,
      contributors: contributors.items,
      reviewers: states,
      reviews,
      mergeRules,
      ...(threads ? { threads } : {}),
    };
  }

  /** Every comment of the request, oldest first, each with its replies. */
  private async threads(spaceId: string, crId: string): Promise<Array<Comment & { thread: CommentReply[] }>> {
    const client = await this.client();
    const comments = await client.changeRequests.comments
      .list(spaceId, crId, { limit: 100 })
      .toArray({ max: 1000 });
    return Promise.all(
      comments.map(async (comment) => ({
        ...comment,
        thread: comment.replies
          ? await client.changeRequests.comments
              .listReplies(spaceId, crId, comment.id, { limit: 100 })
              .toArray({ max: 1000 })
          : [],
      })),
    );
  }

  /** Opens the app URL in the browser; where none can open (or piped), prints it. */
  private async openWeb(cr: ChangeRequest): Promise<{ url: string | undefined }> {
    const url = cr.urls?.app;
    if (!url) {
      this.output.warn(`Change request #${cr.number} has no app URL.`);
      return { url };
    }
    if (this.terminal.stdoutIsTTY() && (await browser.open(url, this.terminal))) {
      this.output.info(`Opening ${url} in your browser.`);
    } else {
      if (this.terminal.stdoutIsTTY())
        this.output.info(
          `No browser could be opened here (set one with \`docs config set browser <command>\` or $BROWSER). Open this URL:`,
        );
      if (this.human) this.output.data(url);
    }
    return { url };
  }
}
