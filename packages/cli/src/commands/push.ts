import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { Args, Flags } from '../oclif.js';
import type { ChangeRequest, DocsClient } from '@docs-api/sdk';
import { yesFlag } from '../base-command.js';
import { SpaceCommand, spaceArg } from '../lib/areas/spaces.js';
import {
  inRoot,
  MAPPING_FILE,
  nodeFs,
  type LayoutFs,
  type Plan,
  type SyncMapping,
} from '../lib/docs-as-code/index.js';
import {
  applyPush,
  FolderError,
  preparePush,
  readConfig,
  readMapping,
  recordMerge,
  SpaceContent,
  touchedPages,
  type PreparedPush,
} from '../lib/docs-as-code/docs-sync.js';
import { hasGitSyncLayout, shellWord } from '../lib/docs-as-code/folder.js';
import { accountEntries, type PushEntry } from '../lib/docs-as-code/accounting.js';
import { CommandError, ExitCode, messageOf, UsageError } from '../lib/failures/exit-codes.js';
import { mergeFlow, type MergeOutput } from '../lib/areas/merge-flow.js';
import type { MergePreview } from '../lib/areas/merge-preview.js';
import { plural } from '../lib/terminal/output.js';
import { crFlag, crValue } from '../lib/areas/pages.js';
import { runProgress } from '../lib/terminal/progress.js';
import { changeLines, describe, where, type PushChange } from '../lib/docs-as-code/plan-report.js';

export type { PushChange } from '../lib/docs-as-code/plan-report.js';

/** What `--json` prints. */
export interface PushOutput {
  space: string;
  dir: string;
  /** The change request written to (null: nothing sent, and none opened). */
  changeRequest: { id: string; number: number; url?: string | undefined; created: boolean } | null;
  dryRun: boolean;
  counts: Plan['counts'];
  changes: PushChange[];
  /** Pages the space has and the folder does not (deleted with --prune, else kept). */
  missing: Array<{ id: string; path: string; title: string }>;
  notApplied: Array<{ file: string; message: string; what?: string }>;
  /** Every entry of the folder (pages of the table of contents, files) and what the push did with it. */
  entries: PushEntry[];
  /** Whether the change request (with --merge, the space) holds everything in the folder: else exit 5. */
  complete: boolean;
  /** Pages changed in the space since the last pull or push and unchanged in the folder: not sent. */
  drift: Array<{ file: string; message: string }>;
  warnings: Array<{ file: string; line?: number; message: string }>;
  batches: number;
  merged?: MergeOutput | MergePreview;
}

const OPEN = new Set(['open', 'draft']);

/** The space and folder of a push, and the change request it writes to when one is known. */
interface PushTarget {
  spaceId: string;
  /** The folder, resolved. */
  dir: string;
  /** The folder as given (or `.`), for messages and the command that continues a push. */
  dirArg: string;
  target: ChangeRequest | undefined;
}

/** A folder the layout cannot read (`FolderError`) is the user's to fix: a usage error, nothing sent. */
async function asUsage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof FolderError) throw new UsageError(`${error.message}: nothing was sent.`);
    throw error;
  }
}

export default class Push extends SpaceCommand<typeof Push> {
  static override summary = "Send a folder's changes to a space through a change request";
  static override description =
    "Reads the folder (default: the current one, only when it holds the space's mapping or a Git Sync layout: .gitbook.yaml or SUMMARY.md) in the layout of the service's Git Sync (.gitbook.yaml, SUMMARY.md, README.md per section, .gitbook/assets/; the tree is inferred from the folders when there is no SUMMARY.md), compares it with the space's pages and the mapping that `docs pull` and `docs push` write (.gitbook/docs-sync.json), shows what it will do (pages added, changed, moved, deleted; files uploaded), then opens a change request (--subject) or adds to one (--cr) and applies the changes in atomic batches of at most 50. It prints the change request's number and URL (the URL on stdout). --merge then merges it through the checks of `docs cr merge` (rules, outdated, conflicts).\n\n" +
    "What is compared: each file's content with the hash the mapping keeps of what the service stored and of what was sent (the service normalizes what it stores: that is never a change), so an unchanged folder sends nothing and says so, and pull then push is no change; the tree (parent, order, slug) with the space's. Pages the space has and the folder does not are listed first and deleted only with --prune. Groups and link pages cannot be created through the API, nor link titles set, nor .gitbook.yaml's redirects applied, a file over 1 MB is sent only by URL (--files-url), a file name over 256 characters not at all, and a page over the 2 MiB a request holds is not sent: the push sends everything else and names each entry it left out (each page under a new group too) with the reason and the way out, then exits 5; --json lists every entry, applied or not.\n\n" +
    'Bad input is exit 2 naming the file, nothing sent: a file that is not UTF-8, two files that are one page, a SUMMARY.md entry whose file is missing. A link to a page that does not exist is a warning. The mapping names the change request before the first batch and is written at least once a second while batches are sent, and at the end: a push interrupted anywhere (Ctrl-C, kill, a server error) is run again and continues the same change request without making a page twice; so does the next push while that change request is open.\n\n' +
    'At a terminal the plan is shown and confirmed; in a pipeline pass --yes (or --dry-run), or it exits 2 before anything is sent. See docs/docs-as-code.md.';
  static override examples = [
    '<%= config.bin %> push space_handbook ./handbook --dry-run',
    '<%= config.bin %> push space_handbook ./handbook --subject "Document the CLI" --yes',
    '<%= config.bin %> push space_handbook ./handbook --cr 1 --yes --json',
    '<%= config.bin %> push space_handbook ./handbook --prune --merge --yes',
    '<%= config.bin %> push space_handbook ./handbook --yes --files-url https://raw.githubusercontent.com/acme/handbook/main',
  ];
  static override args = {
    space: spaceArg,
    dir: Args.string({
      description:
        "The folder to read (default: the current folder, when it holds the space's mapping or a Git Sync layout)",
    }),
  };
  static override flags = {
    subject: Flags.string({
      description: 'Subject of the change request the push opens (default: "docs push: <folder name>")',
      exclusive: ['cr'],
    }),
    cr: crFlag,
    prune: Flags.boolean({
      description: 'Delete the pages the space has and the folder does not (they are listed first)',
      default: false,
    }),
    merge: Flags.boolean({
      description: 'Then merge the change request, through the checks of `docs cr merge`',
      default: false,
    }),
    'update-first': Flags.boolean({
      description:
        'With --merge: when the request is outdated, update it from the primary content first (what --yes and the question at a terminal do by default); --no-update-first refuses an outdated request instead',
      allowNo: true,
      dependsOn: ['merge'],
    }),
    admin: Flags.boolean({
      description: 'With --merge: merge even when merge rules are not met (the service may still refuse)',
      default: false,
      dependsOn: ['merge'],
    }),
    'dry-run': Flags.boolean({
      description: 'Show what the push would do (with --json: print it) and send nothing',
      default: false,
    }),
    'files-url': Flags.string({
      description:
        "Where the folder's files are served (the repository's raw URL in a pipeline): a file over the API's 1 MB inline cap is sent by its URL there, which the service fetches; without it such a file is not applied (exit 5)",
      helpValue: '<base-url>',
    }),
    yes: yesFlag,
  };

  /**
   * Before the confirmation, the folder then --files-url (arguments before flags, as every
   * command checks them): a folder that is not there is the first thing to fix, not a missing
   * --yes. Nothing has been asked of the API.
   */
  static override async checkInput(
    flags: Record<string, unknown>,
    { args }: { args: Record<string, unknown> },
  ): Promise<void> {
    const dirArg = typeof args.dir === 'string' ? args.dir : '.';
    const info = await stat(resolve(dirArg)).catch(() => undefined);
    if (!info?.isDirectory()) throw new UsageError(`${dirArg} is not a folder: nothing was sent.`);
    const filesUrl = flags['files-url'];
    if (typeof filesUrl === 'string' && !/^https?:\/\/[^/\s]+/i.test(filesUrl)) {
      throw new UsageError(
        `--files-url must be an http or https URL (where the folder's files are served): nothing was sent.`,
      );
    }
  }

  /** `--dry-run` sends nothing: it needs no confirmation where no one can be asked. */
  static override needsConfirmation(flags: Record<string, unknown>): boolean {
    return flags['dry-run'] !== true;
  }

  async run(): Promise<PushOutput> {
    const { fs, dir, dirArg, filesUrl } = this.folder();
    const { client, spaceId } = await this.target();
    const config = await asUsage(readConfig(fs));
    const mapping = await readMapping(fs, config);
    if (this.args.dir === undefined && mapping?.space !== spaceId && !(await hasGitSyncLayout(fs, config))) {
      // Only a folder that is this space's, or laid out for Git Sync, is pushed unnamed.
      throw new UsageError(
        mapping?.space === undefined
          ? `The current folder has neither ${spaceId}'s mapping (${inRoot(config, MAPPING_FILE)}) nor a Git Sync layout (.gitbook.yaml or SUMMARY.md): name the folder to push (\`docs push ${spaceId} <folder>\`). Nothing was sent.`
          : `The current folder is mapped to space ${mapping.space} (${inRoot(config, MAPPING_FILE)}), not ${spaceId}: push it to ${mapping.space} (\`docs push ${mapping.space}\`), or name another folder (\`docs push ${spaceId} <folder>\`). Nothing was sent.`,
      );
    }
    const continued = await this.changeRequestFor(client, spaceId, mapping);
    let { target } = continued;
    const prepared = await asUsage(
      preparePush(fs, new SpaceContent(client, spaceId, target?.id), {
        prune: this.flags.prune,
        trustMapping: continued.trustMapping,
        ...(filesUrl === undefined ? {} : { filesUrl }),
      }),
    );
    const stale = prepared.staleMapping
      ? `${inRoot(config, MAPPING_FILE)} describes change request #${mapping?.changeRequest?.number ?? '?'}, which was closed without a merge: every page is compared as changed.`
      : undefined;
    const result = this.planned(prepared, { spaceId, dir, dirArg, target }, stale);

    const { flags } = this;
    let touched = new Set<string>();
    if (prepared.plan.changes.length === 0) {
      if (this.human)
        this.output.info(
          `Nothing to push: ${spaceId}${target ? ` (change request #${target.number})` : ''} has the folder's content.`,
        );
      if (target)
        result.changeRequest = {
          id: target.id,
          number: target.number,
          url: target.urls?.app,
          created: false,
        };
      if (!flags.merge || !target || flags['dry-run']) return this.finish(result);
    } else if (flags['dry-run']) {
      if (this.human) this.output.info('Dry run: nothing was sent.');
      return this.finish(result);
    } else {
      ({ target, touched } = await this.send(fs, client, prepared, result, { spaceId, dir, dirArg, target }));
    }

    if (flags.merge && target) {
      result.merged = await mergeFlow(this.output, client, spaceId, target.id, {
        prompts: this.prompts,
        yes: flags.yes,
        admin: flags.admin,
        updateFirst: flags['update-first'],
        human: this.human,
        confirm: (question) => this.confirm(question),
      });
      if ('result' in result.merged && result.merged.result === 'merge') {
        await recordMerge(fs, new SpaceContent(client, spaceId), touched);
      }
    }
    return this.finish(result);
  }

  /** The folder (checked in `checkInput`) and where its files are served. */
  private folder() {
    const dirArg = this.args.dir ?? '.';
    const dir = resolve(dirArg);
    return { fs: nodeFs(dir), dir, dirArg, filesUrl: this.flags['files-url'] };
  }

  /**
   * Which change request the push writes to: --cr; else the one the folder was last pushed to,
   * while it is open. `trustMapping` is false when the mapping's hashes describe content that was
   * never merged.
   */
  private async changeRequestFor(
    client: DocsClient,
    spaceId: string,
    mapping: SyncMapping | undefined,
  ): Promise<{ target: ChangeRequest | undefined; trustMapping: boolean }> {
    const given = crValue(this.flags.cr);
    if (given !== undefined) {
      const target = await client.changeRequests.get(spaceId, given);
      if (!OPEN.has(String(target.status))) {
        throw new CommandError(
          `Change request #${target.number} is ${target.status}: push to an open one, or drop --cr to open a new one.`,
        );
      }
      return { target, trustMapping: true };
    }
    if (mapping?.changeRequest && this.flags.subject === undefined && mapping.space === spaceId) {
      const last = await this.lastChangeRequest(client, spaceId, mapping.changeRequest.id);
      if (last && OPEN.has(String(last.status))) {
        if (this.human)
          this.output.info(`Continuing change request #${last.number} (the folder's last push).`);
        return { target: last, trustMapping: true };
      }
      return { target: undefined, trustMapping: last?.status === 'merged' };
    }
    return { target: undefined, trustMapping: true };
  }

  /**
   * The folder's problems printed (an error among them ends the push: nothing was sent), then the
   * note of a stale mapping, the plan shown, and the result as far as the plan says it.
   */
  private planned(prepared: PreparedPush, push: PushTarget, stale: string | undefined): PushOutput {
    const { plan, problems } = prepared;
    const errors = problems.filter((problem) => problem.severity === 'error');
    const warnings = problems.filter((problem) => problem.severity === 'warning');
    for (const warning of warnings) this.output.warn(where(warning));
    if (errors.length > 0) {
      for (const error of errors) this.output.error(where(error));
      throw new UsageError(`${push.dirArg} has ${plural(errors.length, 'problem')}: nothing was sent.`);
    }
    if (stale && this.human) this.output.warn(stale);
    const accounting = accountEntries(prepared.layout, plan);
    const result: PushOutput = {
      space: push.spaceId,
      dir: push.dir,
      changeRequest: null,
      dryRun: this.flags['dry-run'],
      counts: plan.counts,
      changes: plan.changes.map(describe),
      missing: plan.missing,
      notApplied: plan.notApplied.map(({ file, message, what }) => ({
        file,
        message,
        ...(what === undefined ? {} : { what }),
      })),
      entries: accounting.entries,
      complete: accounting.complete,
      drift: plan.drift,
      warnings: warnings.map(({ file, line, message }) => ({
        file,
        ...(line === undefined ? {} : { line }),
        message,
      })),
      batches: 0,
    };
    if (this.human) this.printPlan(plan, push.spaceId, push.target);
    return result;
  }

  /**
   * Sends the plan, once confirmed, to the change request (opened when there is none): progress as
   * it goes, and on an interruption what was sent and the command that continues it.
   */
  private async send(
    fs: LayoutFs,
    client: DocsClient,
    prepared: PreparedPush,
    result: PushOutput,
    push: PushTarget,
  ): Promise<{ target: ChangeRequest; touched: Set<string> }> {
    const { spaceId, dir, dirArg } = push;
    const { flags } = this;
    const filesUrl = flags['files-url'];
    const total = prepared.plan.changes.length;
    await this.confirm(
      push.target
        ? `Push ${plural(total, 'change')} to change request #${push.target.number} of ${spaceId}?`
        : `Open a change request in ${spaceId} and push ${plural(total, 'change')} to it?`,
    );
    const created = !push.target;
    const cr =
      push.target ??
      (await client.changeRequests.create(spaceId, {
        subject: (flags.subject ?? `docs push: ${basename(dir)}`).slice(0, 100),
      }));
    result.changeRequest = { id: cr.id, number: cr.number, url: cr.urls?.app, created };
    if (created && this.human) this.output.info(`Opened change request #${cr.number}.`);
    const live = runProgress.enabled();
    let sentSoFar = 0;
    // What an interruption (Ctrl-C, a failed request) leaves, and the command that continues it.
    const again = [
      'docs push',
      spaceId,
      shellWord(dirArg),
      `--cr ${cr.number}`,
      ...(flags.prune ? ['--prune'] : []),
      ...(filesUrl === undefined ? [] : [`--files-url ${shellWord(filesUrl)}`]),
      '--yes',
    ].join(' ');
    const interrupted = () =>
      `Interrupted: ${sentSoFar} of ${plural(total, 'change')} sent to change request #${cr.number}${created ? ' (opened by this push)' : ''}. Run \`${again}\` to continue it: no page is made twice.`;
    this.terminal.interruptNote = interrupted();
    let touched: Set<string>;
    try {
      const applied = await applyPush(
        fs,
        Object.assign(new SpaceContent(client, spaceId, cr.id), { changeRequest: cr.id }),
        prepared,
        { id: cr.id, number: cr.number },
        {
          onBatch: (batch, sent) => {
            result.batches++;
            sentSoFar = sent;
            this.terminal.interruptNote = interrupted();
            if (live) this.output.progress(`Pushing to #${cr.number}: ${sent}/${total} changes`);
            else if (this.human)
              this.output.info(
                `Batch ${result.batches}: ${plural(batch.planned.length, 'change')} applied (${sent}/${total})`,
              );
          },
          onMappingUnsaved: (error) =>
            this.output.warn(
              `${inRoot(prepared.layout.config, MAPPING_FILE)} could not be written (${messageOf(error)}): a push run again finds the pages this one made by their paths.`,
            ),
        },
      );
      result.batches = applied.batches;
      touched = touchedPages(prepared.plan, applied.state);
    } catch (error) {
      if (live) this.output.progress('');
      this.output.info(interrupted());
      throw error;
    } finally {
      this.terminal.interruptNote = undefined;
    }
    if (live) this.output.progress('');
    if (this.human) {
      const left = result.entries.filter((entry) => entry.status === 'not applied').length;
      const sentence = `Pushed ${plural(total, 'change')} to change request #${cr.number} of ${spaceId}`;
      if (result.complete) this.output.success(sentence);
      else
        this.output.warn(
          `${sentence}; ${left > 0 ? `${plural(left, 'entry', 'entries')} of the folder not applied` : 'some settings not applied'} (listed above)`,
        );
      this.output.data(cr.urls?.app ?? `#${cr.number}`);
    }
    return { target: cr, touched };
  }

  /**
   * The result; when the push leaves entries of the folder out, printed (under --json) and exit 5,
   * so that a pipeline knows the change request (or the space) does not hold the whole folder.
   */
  private finish(result: PushOutput): PushOutput {
    if (result.complete) return result;
    if (!this.human) this.output.json(result);
    const left = result.entries.filter((entry) => entry.status === 'not applied').length;
    throw new CommandError(
      `${plural(result.notApplied.length, 'item')} of ${this.args.dir ?? 'the folder'} not applied${left > 0 ? ` (${plural(left, 'page or file', 'pages or files')} left out)` : ''}: each "not applied" line gives the reason and the way out.`,
      ExitCode.Incomplete,
    );
  }

  /** The change request the folder was last pushed to; none when it is gone. */
  private async lastChangeRequest(
    client: DocsClient,
    spaceId: string,
    id: string,
  ): Promise<ChangeRequest | undefined> {
    try {
      return await client.changeRequests.get(spaceId, id);
    } catch (error) {
      const { NotFoundError } = await import('../sdk-errors.js');
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  private printPlan(plan: Plan, spaceId: string, target: ChangeRequest | undefined): void {
    const lines = changeLines(plan, this.flags.prune);
    const { inserted, updated, moved, deleted, uploaded } = plan.counts;
    if (lines.length > 0) {
      this.output.info(
        `Push to ${spaceId}${target ? ` (change request #${target.number})` : ''}: ${plural(inserted, 'page')} added, ${updated} changed, ${moved} moved, ${deleted} deleted; ${plural(uploaded, 'file')} uploaded`,
      );
      for (const line of lines) this.output.info(`  ${line}`);
    }
    if (plan.missing.length > 0 && !this.flags.prune) {
      this.output.info(
        `  ${plural(plan.missing.length, 'page')} not in the folder kept: pass --prune to delete them.`,
      );
    }
    for (const note of plan.notApplied) this.output.warn(`not applied: ${note.file}: ${note.message}`);
    for (const note of plan.drift) this.output.warn(`${note.file}: ${note.message}`);
  }
}
