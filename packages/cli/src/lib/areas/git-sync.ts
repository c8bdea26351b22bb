import type { DocsClient, GitSyncState } from '@docs-api/sdk';
import { Flags } from '../../oclif.js';
import { CommandError, UsageError } from '../failures/exit-codes.js';
import { formatDate, type Output } from '../terminal/output.js';
import { formatDuration, waitFlags, waitWithProgress, type PollOptions } from '../terminal/progress.js';
import { addSecret, displayUrl, redact } from '../transport/redact.js';

/*
 * Git Sync from the command line (`docs spaces git info|import|export`): the flags of a run, the
 * repository URL's credentials kept out of every line and every JSON document the CLI writes,
 * and --wait, which follows the space's Git info since the service answers an import or an
 * export with 204 and no run to read.
 */

export type GitDirection = 'import' | 'export';

/** The flags `import` and `export` share. */
export const gitRunFlags = (direction: GitDirection) => ({
  url: Flags.string({
    description:
      'URL of the repository, https; it may carry credentials (https://user:token@host/owner/repo.git), which are never printed. Prefer DOCS_GIT_URL in a pipeline: a flag shows in the process list',
    env: 'DOCS_GIT_URL',
    required: true,
  }),
  ref: Flags.string({
    description: `Git ref to ${direction === 'import' ? 'import from' : 'push to'}: refs/heads/main, or a branch name (main)`,
    default: 'refs/heads/main',
  }),
  'project-dir': Flags.string({
    description: "Directory of the content in the repository (the repository's root when absent)",
  }),
  'tree-url': Flags.string({
    description: 'URL prefixed to file references (the repository tree as the web shows it)',
  }),
  'commit-url': Flags.string({ description: 'URL prefixed to commit ids' }),
  force: Flags.boolean({
    description:
      direction === 'import'
        ? 'Import even when the space has changes the repository does not'
        : 'Push even when the repository has commits the space does not',
  }),
  standalone: Flags.boolean({
    description:
      direction === 'import'
        ? "Make a revision without changing the space's primary content"
        : 'Export a snapshot, not linked to the repository',
  }),
  ...waitFlags({
    wait: `Wait for the ${direction} to end: progress on stderr, the outcome at the end, exit 1 if it fails`,
    goesOn: `the ${direction} goes on`,
  }),
});

/**
 * The repository URL, checked to be one before anything is sent (its scheme is the service's
 * to judge: https for the service, file:// for a local folder in the sandbox), its credentials (user and password,
 * as typed and percent-decoded) registered with the redaction so no message can show them.
 */
export function repositoryUrl(value: string): string {
  let url: URL;
  try {
    // scheme://: `user:token@host:owner/repo` parses as a URL of scheme `user`, and its token
    // would be nobody's credentials to hide.
    if (!/^[a-z][a-z\d+.-]*:\/\//i.test(value)) throw new TypeError('no scheme://');
    url = new URL(value);
  } catch {
    // Not echoed: a value that is not a URL may still hold a token.
    throw new UsageError(
      '--url (or DOCS_GIT_URL) is not a URL: pass the https URL of a Git repository, such as https://github.com/acme/docs.git (not the git@host:owner/repo form).',
    );
  }
  for (const part of [url.username, url.password])
    if (part) {
      addSecret(part);
      addSecret(safeDecode(part));
    }
  return value;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `main` → `refs/heads/main`; a full ref stays as it is. */
export function fullRef(ref: string): string {
  const trimmed = ref.trim();
  if (!trimmed) throw new UsageError('--ref must not be empty: pass refs/heads/<branch> or a branch name.');
  return trimmed.startsWith('refs/') ? trimmed : `refs/heads/${trimmed}`;
}

/** Every string of `value` with URL credentials and known secrets redacted: for JSON the CLI prints. */
export function redactDeep<T>(value: T): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item) as unknown) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item)])) as T;
  return value;
}

type Operation = NonNullable<GitSyncState['operation']>;

/** `import success`, `export running`. */
function operationLabel(operation: Operation | undefined): string {
  if (!operation) return 'none';
  return [operation.direction, operation.state].filter(Boolean).join(' ') || 'unknown';
}

/** The space's Git info as labelled lines (stdout, or stderr before a failure). */
export function printGitInfo(output: Output, info: GitSyncState, to: 'stdout' | 'stderr' = 'stdout'): void {
  const operation = info.operation;
  const span =
    operation?.startedAt && operation.endedAt
      ? Date.parse(operation.endedAt) - Date.parse(operation.startedAt)
      : NaN;
  const took = Number.isFinite(span) && span >= 0 ? formatDuration(span) : undefined;
  output.fields(
    [
      ['Repository', info.repoName],
      ['Provider', info.installationProvider],
      ['Installation', info.installationStatus],
      ['URL', info.url ? displayUrl(info.url) : undefined],
      ['Last operation', operationLabel(operation)],
      ['Started', formatDate(operation?.startedAt)],
      [
        'Ended',
        operation?.endedAt ? `${formatDate(operation.endedAt)}${took ? ` (${took})` : ''}` : undefined,
      ],
      // Not `Error:`: that word starts the CLI's own error line on stderr.
      ['Why it failed', operation?.error],
      ['What to do', operation?.errorAction ? actionText(operation.errorAction) : undefined],
      ['Updated', formatDate(info.updatedAt)],
    ],
    to,
  );
}

function actionText(action: NonNullable<Operation['errorAction']>): string {
  const { label, url } = action as { label?: string; url?: string };
  return [label, url ? displayUrl(url) : undefined].filter(Boolean).join(': ');
}

/** The space's Git info, or undefined when the space has none (HTTP 404: no Git Sync configured). */
export async function readGitInfo(client: DocsClient, spaceId: string): Promise<GitSyncState | undefined> {
  try {
    return await client.spaces.git.getInfo(spaceId);
  } catch (error) {
    const { NotFoundError } = await import('../../sdk-errors.js');
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** What a wait reads: the space's Git info, possibly none yet. */
export interface GitRead {
  info: GitSyncState | undefined;
  /** True once the operation read is the one this command started. */
  ours: boolean;
}

/**
 * Whether `info` shows the operation this command started: one in its direction that was not
 * the last operation before it (another start time), or the first operation the space has.
 */
function isOurs(
  info: GitSyncState | undefined,
  direction: GitDirection,
  before: GitSyncState | undefined,
): boolean {
  const operation = info?.operation;
  if (!operation || (operation.direction !== undefined && operation.direction !== direction)) return false;
  const previous = before?.operation;
  if (!previous) return true;
  return operation.startedAt !== previous.startedAt;
}

/**
 * Follows the run this command started: reads the space's Git info every `--interval` seconds
 * until an operation of `direction` newer than `before` is no longer running, with a live line
 * on stderr at a terminal. Throws a `CommandError` (exit 1) when `--wait-timeout` passes first.
 */
export async function followGitOperation(
  output: Output,
  client: DocsClient,
  spaceId: string,
  direction: GitDirection,
  before: GitSyncState | undefined,
  flags: { interval?: number | undefined; 'wait-timeout'?: number | undefined },
): Promise<GitSyncState> {
  const verb = direction === 'import' ? 'Importing into' : 'Exporting';
  const follow = `docs spaces git info ${spaceId}`;
  const read = await waitWithProgress<GitRead>(
    output,
    flags,
    ({ info, ours }) =>
      ours
        ? `${verb} ${spaceId}: ${info?.operation?.state ?? 'running'}`
        : `${verb} ${spaceId}: waiting for the service to start it`,
    (options) => pollGitInfo(client, spaceId, direction, before, options),
    {
      starting: `${verb} ${spaceId}`,
      onInterrupt: `Stopped waiting: the ${direction} of ${spaceId} goes on on the server. Follow it with \`${follow}\`.`,
    },
  );
  return read.info as GitSyncState;
}

async function pollGitInfo(
  client: DocsClient,
  spaceId: string,
  direction: GitDirection,
  before: GitSyncState | undefined,
  options: PollOptions<GitRead>,
): Promise<GitRead> {
  const started = Date.now();
  for (;;) {
    const info = await readGitInfo(client, spaceId);
    const ours = isOurs(info, direction, before);
    const read = { info, ours };
    options.onPoll(read);
    if (ours && info?.operation?.state !== 'running') return read;
    const elapsed = Date.now() - started;
    if (elapsed >= options.timeout) {
      const state = ours
        ? `still ${info?.operation?.state ?? 'running'}`
        : 'the space shows no operation started by this command yet';
      throw new CommandError(
        `Gave up waiting for the ${direction} of ${spaceId} after ${formatDuration(elapsed)} (${state}); it may still end. Follow it with \`docs spaces git info ${spaceId}\`, or wait longer with --wait-timeout.`,
      );
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(options.interval, options.timeout - elapsed)),
    );
  }
}

/** The outcome of a followed run: success is returned; any other end is exit 1 with its error. */
export function checkOutcome(info: GitSyncState, direction: GitDirection, spaceId: string): void {
  const operation = info.operation;
  if (operation?.state === 'success') return;
  const what =
    operation?.state === 'timeout'
      ? 'timed out on the service'
      : `ended ${operation?.state ?? 'without a state'}`;
  const error = new CommandError(
    `The ${direction} of ${spaceId} ${what}${operation?.error ? `: ${operation.error}` : '.'}`,
  );
  if (operation?.errorAction)
    Object.assign(error, { hint: `What to do: ${actionText(operation.errorAction)}` });
  throw error;
}

/** What `import` and `export` print with --json: the run, and with --wait the space's Git info at its end. */
export interface GitRunResult {
  space: string;
  direction: GitDirection;
  /** The repository, without its credentials. */
  url: string;
  ref: string;
  /** With --wait: the space's Git info at the end of the run. */
  info?: GitSyncState;
}

type GitRunFlags = {
  url: string;
  ref: string;
  'project-dir'?: string | undefined;
  'tree-url'?: string | undefined;
  'commit-url'?: string | undefined;
  force: boolean;
  standalone: boolean;
  wait: boolean;
  interval?: number | undefined;
  'wait-timeout'?: number | undefined;
};

/** The body fields `import` and `export` share: the repository, the ref, and the options given. */
export function repositoryFields(flags: GitRunFlags) {
  return {
    url: repositoryUrl(flags.url),
    ref: fullRef(flags.ref),
    ...(flags['project-dir'] ? { repoProjectDirectory: flags['project-dir'] } : {}),
    ...(flags['tree-url'] ? { repoTreeURL: flags['tree-url'] } : {}),
    ...(flags['commit-url'] ? { repoCommitURL: flags['commit-url'] } : {}),
    ...(flags.force ? { force: true as const } : {}),
    ...(flags.standalone ? { standalone: true as const } : {}),
  };
}

/**
 * Starts an import or an export (`start`), then, with --wait, follows it to its end: the outcome
 * printed (at a terminal) or in the result (--json), exit 1 when it failed.
 */
export async function runGitOperation(
  output: Output,
  run: {
    client: DocsClient;
    spaceId: string;
    direction: GitDirection;
    flags: GitRunFlags;
    human: boolean;
    url: string;
    ref: string;
    /** What a person reads: `the import of <ref> of <url> into <space>`, `Imported ...`. */
    said: { started: string; done: string };
  },
  start: () => Promise<unknown>,
): Promise<GitRunResult> {
  const { client, spaceId, direction, flags, human } = run;
  const shown = displayUrl(run.url);
  const before = flags.wait ? await readGitInfo(client, spaceId) : undefined;
  await start();
  const result: GitRunResult = { space: spaceId, direction, url: shown, ref: run.ref };
  if (!flags.wait) {
    if (human) {
      output.success(`Started ${run.said.started}`);
      output.info(`Follow it with \`docs spaces git info ${spaceId}\`, or pass --wait.`);
    }
    return result;
  }
  const info = redactDeep(await followGitOperation(output, client, spaceId, direction, before, flags));
  try {
    checkOutcome(info, direction, spaceId);
  } catch (error) {
    // Scripts get the final state too, on stdout, before the failure.
    if (!human) output.json({ ...result, info });
    else printGitInfo(output, info, 'stderr');
    throw error;
  }
  if (human) {
    output.success(run.said.done);
    printGitInfo(output, info);
  }
  return { ...result, info };
}
