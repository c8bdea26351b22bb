import type { SiteRedirect } from '@docs-api/sdk';
import { Flags } from '../../../oclif.js';
import { yesFlag } from '../../../base-command.js';
import { CommandError } from '../../../lib/failures/exit-codes.js';
import { plural } from '../../../lib/terminal/output.js';
import {
  BULK_LIMIT,
  chunks,
  describeDestination,
  planRedirects,
  readRedirectsFile,
  type RedirectResult,
} from '../../../lib/areas/redirects.js';
import { SiteCommand, siteArg } from '../../../lib/areas/sites.js';

interface SetResult {
  site: string;
  /** The service's answer for each entry sent (created, updated), and each redirect pruned (deleted). */
  results: RedirectResult[];
  /** Sources of the entries the site had already as written: nothing was sent for them. */
  unchanged: string[];
  /** With --dry-run: nothing was sent. */
  dryRun?: true;
}

export default class SitesRedirectsSet extends SiteCommand<typeof SitesRedirectsSet> {
  static override summary = "Set a site's redirects from a YAML or JSON file; --prune deletes the others";
  static override description = [
    "Creates or updates the site's redirects from --file (YAML or JSON; `-` reads standard input): a list of entries, or { redirects: [...] }. Each entry has a `source` path (/old/page, or /old/* for a whole tree), a `destination` (a URL, or the API's form: { kind: site-space, siteSpaceId }, { kind: site-section, siteSectionId }, { kind: site-page, siteSpaceId, pageId }, { kind: path, spaceId, path }), and optionally `permanent` (308 rather than 307), `captureWildcard` (append what /* matched) and `draft`. The output of `docs sites redirects list --json` is such a file.",
    'Every entry is checked before anything is sent: a problem is exit 2 naming the file, the line and the entry (its number and source), all problems at once. Entries the site already has as written are left alone; the others are sent in batches of at most 500, and an entry the service refuses is exit 1 naming it. --prune also deletes the redirects the file does not name, listed first; --dry-run prints what would be done and sends nothing.',
    'With --prune, asks for confirmation at a terminal when something would be deleted; in a pipeline it needs --yes, or it exits 2 before sending anything. In a pipeline it never prompts: pass the site id, --file and --org (or DOCS_ORG), or it exits 2.',
  ].join('\n\n');
  static override examples = [
    '<%= config.bin %> sites redirects set site_docs --file redirects.yaml --org org_acme',
    '<%= config.bin %> sites redirects set site_docs --file redirects.yaml --prune --dry-run',
    '<%= config.bin %> sites redirects list site_docs --all --json | <%= config.bin %> sites redirects set site_internal --file - --prune --yes',
  ];
  static override args = { site: siteArg };
  static override flags = {
    file: Flags.string({
      char: 'f',
      description: 'YAML or JSON file of redirects, or - for standard input',
      required: true,
    }),
    prune: Flags.boolean({ description: 'Also delete the redirects the file does not name (listed first)' }),
    'dry-run': Flags.boolean({ description: 'Print what would be done; send nothing' }),
    yes: yesFlag,
  };

  /** Only --prune deletes: without it (or with --dry-run) nothing needs confirming. */
  static override needsConfirmation(flags: Record<string, unknown>): boolean {
    return Boolean(flags.prune) && !flags['dry-run'];
  }

  async run(): Promise<SetResult> {
    // The file first: a bad one is exit 2 with nothing read from the service.
    const entries = await readRedirectsFile(this.flags.file);
    const { client, organizationId, siteId } = await this.target();
    // The list gives the live redirects, or the drafts: both, to compare and to prune.
    const existing: SiteRedirect[] = [];
    for (const draft of [false, true])
      for await (const redirect of client.sites.redirects.list(organizationId, siteId, { limit: 100, draft }))
        existing.push(redirect);
    const plan = planRedirects(entries, existing);
    const prune = this.flags.prune ? plan.others : [];
    const result: SetResult = {
      site: siteId,
      results: [],
      unchanged: plan.unchanged.map((e) => e.input.source),
    };

    if (plan.upsert.length === 0 && prune.length === 0) {
      if (this.human)
        this.output.success(
          `Site ${siteId} has ${plan.unchanged.length === 1 ? 'the redirect' : `the ${plan.unchanged.length} redirects`} of ${this.flags.file === '-' ? 'standard input' : this.flags.file} already: nothing to send.`,
        );
      if (this.human && !this.flags.prune && plan.others.length > 0)
        this.output.info(
          `${plural(plan.others.length, 'other redirect')} of the site stay (--prune deletes them).`,
        );
      return { ...result, ...(this.flags['dry-run'] ? { dryRun: true as const } : {}) };
    }
    if (this.human || this.flags['dry-run']) {
      const lines = [
        `${plural(plan.upsert.length, 'redirect')} to create or update, ${plan.unchanged.length} unchanged${this.flags.prune ? `, ${plural(prune.length, 'redirect')} to delete` : ''}.`,
        ...plan.upsert.map((e) => `  + ${e.input.source} → ${describeDestination(e.input.destination)}`),
        ...prune.map(
          (r) => `  - ${r.source}${r.draft ? ' (draft)' : ''} → ${describeDestination(r.destination)}`,
        ),
      ];
      for (const line of lines) this.output.info(line);
      if (!this.flags.prune && plan.others.length > 0)
        this.output.info(
          `${plural(plan.others.length, 'other redirect')} of the site stay (--prune deletes them).`,
        );
    }
    if (this.flags['dry-run']) return { ...result, dryRun: true };
    if (prune.length > 0)
      await this.confirm(
        `Delete ${plural(prune.length, 'redirect')} of site ${siteId} that ${this.flags.file} does not name?`,
      );

    const bodies = [
      ...plan.upsert.map((entry) => entry.input),
      ...prune.map((redirect) => ({
        source: redirect.source,
        intent: redirect.draft ? ('draft' as const) : ('live' as const),
        destination: null,
      })),
    ];
    for (const batch of chunks(bodies, BULK_LIMIT)) {
      const answer = await client.sites.redirects.bulkUpsert(organizationId, siteId, { redirects: batch });
      result.results.push(...answer.results);
    }
    const failed = result.results.filter(
      (r): r is Extract<RedirectResult, { status: 'error' }> => r.status === 'error',
    );
    if (this.human)
      this.output.success(
        `Site ${siteId}: ${['created', 'updated', 'deleted']
          .map((status) => `${result.results.filter((r) => r.status === status).length} ${status}`)
          .join(', ')}, ${result.unchanged.length} unchanged`,
      );
    if (failed.length > 0) {
      if (!this.human) this.output.json(result);
      const where = new Map(entries.map((e) => [`${e.input.intent} ${e.input.source}`, e]));
      throw new CommandError(
        `The service refused ${plural(failed.length, 'redirect')}:\n${failed
          .map((r) => {
            const entry = where.get(`${r.draft ? 'draft' : 'live'} ${r.source}`);
            return `${entry ? `${entry.where}: entry ${entry.index} ` : ''}(${r.source}): ${r.error}`;
          })
          .join('\n')}`,
      );
    }
    return result;
  }
}
