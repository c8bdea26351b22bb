import { UsageError } from '../../lib/failures/exit-codes.js';
import { Args } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { answerFollowups, answerText, describeSources } from '../../lib/areas/ask.js';

export default class OrgsAsk extends BaseCommand<typeof OrgsAsk> {
  static override summary = "Ask a question about the organization's content; the answer streams in";
  static override description =
    "The service's AI answers from the spaces the token can read. The answer is printed as it arrives (markdown), then its sources; Ctrl-C stops it and keeps what came. --json prints the whole answer once it is complete: its text, sources and follow-up questions.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> orgs ask "How do I rotate an API token?" --org org_acme',
    '<%= config.bin %> orgs ask "What are the rate limits?" --json',
  ];
  static override args = {
    question: Args.string({ description: 'The question, in plain words', required: true }),
  };

  async run(): Promise<unknown> {
    const question = this.args.question.trim();
    if (!question)
      throw new UsageError('The question is empty: ask something, e.g. docs orgs ask "How do I log in?"');
    const organizationId = await this.organizationId();
    const client = await this.client();
    const stream = client.organizations.streamAsk(organizationId, { query: question, format: 'markdown' });
    // Ctrl-C ends the stream; what was printed stays, and the command ends as interrupted.
    let interrupted = false;
    const onInterrupt = () => {
      interrupted = true;
      stream.abort();
    };
    process.once('SIGINT', onInterrupt);
    let shown = '';
    let last: unknown;
    try {
      for await (const event of stream) {
        last = event;
        if (!this.human) continue;
        const text = answerText(event);
        // Each event carries the answer so far: print what it adds.
        if (text.startsWith(shown)) this.output.write(text.slice(shown.length));
        else this.output.write(`\n${text}`);
        shown = text;
      }
    } catch (error) {
      if (!interrupted) throw error;
    } finally {
      process.removeListener('SIGINT', onInterrupt);
    }
    if (this.human) {
      if (shown && !shown.endsWith('\n')) this.output.write('\n');
      const sources = await describeSources(client, last);
      if (sources.length)
        this.output.info(`\nSources:\n${sources.map((source) => `  ${source}`).join('\n')}`);
      const followups = answerFollowups(last);
      if (followups.length)
        this.output.info(
          `\nFollow-up questions:\n${followups.map((question) => `  ${question}`).join('\n')}`,
        );
      if (interrupted) {
        this.output.info('Stopped: the answer above is what came before Ctrl-C.');
        this.exit(130);
      }
      if (!shown) this.output.info('No answer came.');
    }
    return last ?? null;
  }
}
