import type { ChangeRequestReview, Comment } from '@docs-api/sdk';
import { Flags } from '../../oclif.js';
import { ChangeRequestCommand, crArg, crLabel, spaceArg } from '../../lib/areas/change-requests.js';
import { bodyFileFlag, bodyFromFlags, bodyOrEditor, type Body } from '../../lib/input/body.js';
import { UsageError } from '../../lib/failures/exit-codes.js';

type Verdict = 'approve' | 'request-changes' | 'comment';

const VERDICTS: readonly Verdict[] = ['approve', 'request-changes', 'comment'];

export default class CrReview extends ChangeRequestCommand<typeof CrReview> {
  static override summary = 'Approve a change request, ask for changes, or comment on it';
  static override description =
    "As gh's `pr review`. At a terminal without a flag, asks what to do (approve, request changes, comment) and opens your editor ($VISUAL or $EDITOR) for the text: needed to request changes or to comment (an empty text cancels), and not asked for an approval. --approve, --request-changes and --comment say it instead; --body gives the text (markdown; - reads standard input), --body-file reads it from a file. An editor that exits with an error (vim's `:cq`) cancels, exit 2, nothing sent; when the post fails, the text written in the editor is kept in a file that the error names, and --body-file sends it again.\n\n" +
    "--approve and --request-changes submit a formal review as the logged-in user, recorded against the request's current revision; it becomes outdated when a new revision lands (an update from the primary content, new edits). The service's reviews are approvals and change requests only: --comment posts the text as a comment on the change request (what `docs cr comments add` does). Prints the review (or the comment) id on stdout; --json prints the review object (with --comment, the comment object).\n\n" +
    'Pass one of --approve, --request-changes and --comment; --request-changes and --comment need --body when not at a terminal (exit 2 otherwise, nothing sent). In a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr review space_guides 2',
    '<%= config.bin %> cr review space_guides 2 --approve',
    '<%= config.bin %> cr review space_guides 2 --approve --body "Clear and complete."',
    '<%= config.bin %> cr review space_guides 2 --request-changes --body "Say which Node.js version is needed."',
    '<%= config.bin %> cr review space_guides 2 --comment --body "Should the guide mention Windows?"',
    'cat review.md | <%= config.bin %> cr review space_guides 2 --request-changes --body -',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    approve: Flags.boolean({ char: 'a', description: 'Approve the change request' }),
    'request-changes': Flags.boolean({
      char: 'r',
      description: 'Ask for changes (say which with --body, or in your editor at a terminal)',
    }),
    comment: Flags.boolean({
      char: 'c',
      description: 'Comment without a verdict (posted as a comment on the change request)',
    }),
    body: Flags.string({
      char: 'b',
      description:
        'The text of the review, in markdown (- reads standard input; at a terminal, leave it out to write it in $EDITOR)',
      exclusive: ['body-file'],
    }),
    'body-file': bodyFileFlag('text of the review'),
  };

  /** One verdict at most; where no one can be asked, one verdict and the text it needs. */
  static override checkInput(flags: Record<string, unknown>, { canPrompt }: { canPrompt: boolean }): void {
    const given = VERDICTS.filter((verdict) => flags[verdict] === true);
    if (given.length > 1)
      throw new UsageError(
        `${given.map((verdict) => `--${verdict}`).join(' and ')} cannot be used together: pass one of --approve, --request-changes and --comment.`,
      );
    if (canPrompt) return;
    if (given.length === 0)
      throw new UsageError(
        'Missing the review: pass --approve, --request-changes or --comment (the last two with --body "...").',
      );
    if (given[0] !== 'approve' && flags.body === undefined && flags['body-file'] === undefined)
      throw new UsageError(
        `--${given[0]} needs --body saying what to change or what to say (--body - reads standard input; --body-file <file> reads a file).`,
      );
  }

  async run(): Promise<ChangeRequestReview | Comment> {
    const { client, spaceId, crId } = await this.target();
    const verdict =
      VERDICTS.find((name) => this.flags[name] === true) ??
      (await this.prompts.choose<Verdict>(`Review change request ${crLabel(crId)} in ${spaceId}`, [
        { name: 'Approve', value: 'approve' },
        { name: 'Request changes', value: 'request-changes' },
        { name: 'Comment', value: 'comment' },
      ]));
    // The text: --body or --body-file; else, to request changes or to comment, written in the editor.
    const given = await bodyFromFlags(this.flags);
    const body: Body | undefined =
      given !== undefined
        ? { text: given, typed: false }
        : verdict === 'approve'
          ? undefined
          : await bodyOrEditor(
              {},
              verdict === 'comment' ? 'comment' : 'what to change',
              this.output,
              this.prompts,
            );
    const markdown = body?.text;
    // Sent again as typed: the verdict chosen at the prompt becomes its flag.
    const resend = `docs cr review ${spaceId} ${crId} --${verdict}`;
    const post = <R>(send: () => Promise<R>): Promise<R> =>
      body ? this.postBody(body, 'review', resend, send) : send();

    if (verdict === 'comment') {
      const comment = await post(() =>
        client.changeRequests.comments.create(spaceId, crId, { body: { markdown: markdown ?? '' } }),
      );
      if (this.human) {
        this.output.success(
          `Commented on change request ${crLabel(crId)} in ${spaceId} (comment ${comment.id})`,
        );
        this.output.data(comment.id);
      }
      return comment;
    }
    const review = await post(() =>
      client.changeRequests.reviews.submit(spaceId, crId, {
        status: verdict === 'approve' ? 'approved' : 'changes-requested',
        ...(markdown === undefined ? {} : { comment: { markdown } }),
      }),
    );
    if (this.human) {
      this.output.success(
        verdict === 'approve'
          ? `Approved change request ${crLabel(crId)} in ${spaceId} (review ${review.id})`
          : `Asked for changes on change request ${crLabel(crId)} in ${spaceId} (review ${review.id})`,
      );
      this.output.data(review.id);
    }
    return review;
  }
}
