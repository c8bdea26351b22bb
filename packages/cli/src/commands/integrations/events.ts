import type { DocsClient, GetIntegrationEventResponse, IntegrationEvent } from '@docs-api/sdk';
import { Flags } from '../../oclif.js';
import { BaseCommand, listFlags } from '../../base-command.js';
import { integrationArg, pickIntegration } from '../../lib/areas/integrations.js';
import { formatDate } from '../../lib/terminal/output.js';
import { formatDuration } from '../../lib/terminal/progress.js';

/** Seconds between two reads while following: the default, and the bounds --interval takes. */
const DEFAULT_INTERVAL = 5;
const MIN_INTERVAL = 2;
const MAX_INTERVAL = 60;
/** Pages read in one poll when more new events arrived than a page holds. */
const MAX_PAGES_PER_POLL = 5;
const POLL_PAGE_SIZE = 50;

/** The type of an event's payload (`installation_setup`, `space_content_updated`, ...). */
const eventType = (event: IntegrationEvent) => (event.payload as { type?: string } | undefined)?.type ?? '';

/** Oldest first, as a log reads. */
const chronological = (a: IntegrationEvent, b: IntegrationEvent) => a.createdAt.localeCompare(b.createdAt);

export default class IntegrationsEvents extends BaseCommand<typeof IntegrationsEvents> {
  static override summary =
    "List an integration's events and their logs; --follow prints new ones as they come";
  static override description = [
    "The integration's execution log, as `gitbook tail` shows it: each event the service dispatched to it (an installation set up, a page viewed, a fetch, ...), whether the integration handled it, and what it logged. Only members of the organization that owns the integration can read it.",
    'Without --follow, lists the latest events, newest first: TYPE, STATUS, CREATED, ID, INSTALLATION (at a terminal a table; piped, tab-separated rows; with --json, the full objects). --limit (default 30) caps the rows, --all reads every page.',
    'With --follow, prints the latest --limit events, oldest first, each with its log lines, then reads the log again every --interval seconds (default 5, from 2 to 60) and prints each new event as it comes, until Ctrl-C, which ends it with exit 0. A read that fails for a passing reason (a dropped connection, a timeout, a 5xx after the retries) is said on stderr and tried again at the next interval; any other failure ends the command. With --json, one JSON object a line: {event, trace}.',
    'In a pipeline it never prompts: pass the integration name, or it exits 2.',
  ].join('\n\n');
  static override examples = [
    '<%= config.bin %> integrations events analytics-pro',
    '<%= config.bin %> integrations events analytics-pro --jq \'.[] | select(.status == "failed") | .id\'',
    '<%= config.bin %> integrations events analytics-pro --follow',
  ];
  static override args = { name: integrationArg };
  static override flags = {
    ...listFlags,
    follow: Flags.boolean({ char: 'f', description: 'Print new events as they come, until Ctrl-C' }),
    interval: Flags.integer({
      description: `With --follow: seconds between two reads (default ${DEFAULT_INTERVAL})`,
      min: MIN_INTERVAL,
      max: MAX_INTERVAL,
      dependsOn: ['follow'],
    }),
  };

  /** Ctrl-C is how a follow ends: this command handles it (exit 0), not the base's cancel. */
  protected override handlesInterrupt = this.argv.some((arg) => arg === '--follow' || arg === '-f');

  #interrupted = false;
  #stop: () => void = () => {};
  readonly #stopped = new Promise<void>((resolve) => (this.#stop = resolve));
  readonly #onInterrupt = (): void => {
    this.#interrupted = true;
    this.#stop();
    // A second Ctrl-C while a read is under way ends at once.
    process.once('SIGINT', () => process.exit(0));
  };

  /**
   * The follow's Ctrl-C is listened for before the base's init, which reads the stored settings:
   * a Ctrl-C that comes while it does still stops the follow (exit 0).
   */
  override async init(): Promise<void> {
    if (this.handlesInterrupt) process.once('SIGINT', this.#onInterrupt);
    try {
      await super.init();
    } catch (error) {
      process.off('SIGINT', this.#onInterrupt);
      throw error;
    }
  }

  async run(): Promise<IntegrationEvent[] | undefined> {
    try {
      return await this.list();
    } finally {
      process.off('SIGINT', this.#onInterrupt);
    }
  }

  private async list(): Promise<IntegrationEvent[] | undefined> {
    const client = await this.client();
    const name = await this.argOrPick(this.args.name, 'the integration name', () =>
      pickIntegration(this.prompts, client),
    );
    const events = await this.collect((limit) => client.integrations.listEvents(name, { limit }));
    if (!this.flags.follow) {
      if (this.human)
        this.output.table(events, [
          { header: 'TYPE', value: eventType },
          { header: 'STATUS', value: (e) => e.status },
          { header: 'CREATED', value: (e) => formatDate(e.createdAt) },
          // Left out at a narrow terminal (no command takes an event's id): the type and the
          // outcome are what a person reads the log for.
          { header: 'ID', value: (e) => e.id, priority: 1 },
          { header: 'INSTALLATION', value: (e) => e.installationId, priority: 2 },
        ]);
      return events;
    }
    await this.follow(client, name, events);
    return undefined;
  }

  /** Prints `initial` and then each new event, until Ctrl-C. */
  private async follow(client: DocsClient, name: string, initial: IntegrationEvent[]): Promise<void> {
    const intervalMs = (this.flags.interval ?? DEFAULT_INTERVAL) * 1000;
    const seen = new Set<string>();
    {
      await this.print(client, name, [...initial].sort(chronological), seen);
      if (this.human)
        this.output.info(
          `Following the events of ${name}: reading every ${formatDuration(intervalMs)}; Ctrl-C stops.`,
        );
      let failing = false;
      while (!this.#interrupted) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          this.#stopped,
          new Promise((resolve) => (timer = setTimeout(resolve, intervalMs))),
        ]);
        clearTimeout(timer);
        if (this.#interrupted) break;
        try {
          await this.print(client, name, await this.newEvents(client, name, seen), seen);
          if (failing) this.output.info('Reading the events again.');
          failing = false;
        } catch (error) {
          if (!(await passing(error))) throw error;
          if (!failing)
            this.output.warn(
              `Could not read the events (${(error as Error).message}); trying again every ${formatDuration(intervalMs)}.`,
            );
          failing = true;
        }
      }
      // After the terminal's ^C, on a line of its own.
      if (this.human) this.output.info(`${process.stderr.isTTY ? '\n' : ''}Stopped following.`);
    }
  }

  /** The events not seen yet, oldest first: pages are read until a seen one (at most a few). */
  private async newEvents(
    client: DocsClient,
    name: string,
    seen: ReadonlySet<string>,
  ): Promise<IntegrationEvent[]> {
    const fresh: IntegrationEvent[] = [];
    let pages = 0;
    for await (const page of client.integrations.listEvents(name, { limit: POLL_PAGE_SIZE }).pages()) {
      const unseen = page.items.filter((event) => !seen.has(event.id));
      fresh.push(...unseen);
      pages += 1;
      if (unseen.length < page.items.length || pages >= MAX_PAGES_PER_POLL) break;
    }
    return fresh.sort(chronological);
  }

  /** Each event with its trace: a header line and its log lines (stdout), or one JSON line. */
  private async print(
    client: DocsClient,
    name: string,
    events: IntegrationEvent[],
    seen: Set<string>,
  ): Promise<void> {
    for (const event of events) {
      seen.add(event.id);
      let detail: GetIntegrationEventResponse;
      try {
        detail = await client.integrations.getEvent(name, event.id);
      } catch (error) {
        const { NotFoundError } = await import('../../sdk-errors.js');
        if (!(error instanceof NotFoundError)) throw error;
        detail = { event };
      }
      if (!this.human) {
        this.output.jsonLine(detail);
        continue;
      }
      this.output.data(`${formatDate(event.createdAt)}  ${event.status}  ${eventType(event)}  ${event.id}`);
      const logs = detail.trace?.logs ?? [];
      if (logs.length === 0) this.output.data('  (no logs)');
      for (const log of logs) this.output.data(`  [${log.level ?? 'log'}] ${log.message ?? ''}`);
    }
  }
}

/** A failure that may pass: the connection, a timeout, the server's 5xx (after the SDK's retries). */
async function passing(error: unknown): Promise<boolean> {
  const { ApiError, ConnectionError, TimeoutError } = await import('../../sdk-errors.js');
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true;
  return error instanceof ApiError && error.status >= 500;
}
