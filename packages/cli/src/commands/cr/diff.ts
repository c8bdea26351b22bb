import type { RevisionPage, DocsClient, RevisionSemanticChange } from '@docs-api/sdk';
import { Flags } from '../../oclif.js';
import { ChangeRequestCommand, crArg, spaceArg } from '../../lib/areas/change-requests.js';
import { describeChange } from '../../lib/areas/merge-preview.js';
import { bodyOfServiceMarkdown, renderPageFile } from '../../lib/docs-as-code/page-file.js';

/** One changed page: its markdown at the request's base and in the request, and their unified diff. */
export interface PageDiff {
  id: string;
  path: string;
  title: string;
  /** The change types that name the page, e.g. `["page_edited", "page_moved"]`. */
  changes: string[];
  /** The page at the base as its file holds it (title heading, then body); null for a created page. */
  before: string | null;
  /** The page in the request as its file holds it; null for a deleted page. */
  after: string | null;
  /** The unified diff (git style); empty when the markdown did not change. */
  patch: string;
}

export interface CrDiffOutput {
  space: string;
  changeRequest: number;
  /** The primary revision the request is compared with (where it started or was last updated from). */
  base: string;
  revision: string;
  changes: RevisionSemanticChange[];
  /** Changes left out by the service beyond the 1000 asked for. */
  more: number;
  pages: PageDiff[];
  /** With --name-only: the changed pages' paths and files' names. */
  names?: string[];
}

/** How many changes the command asks for: the published document's list has no paging. */
const CHANGES_LIMIT = 1000;

interface ChangedPageRef {
  id: string;
  path: string;
  title: string;
  changes: string[];
}

/** The pages the changes name, once each, in the order of the changes. */
function changedPages(changes: readonly RevisionSemanticChange[]): ChangedPageRef[] {
  const pages = new Map<string, ChangedPageRef>();
  for (const change of changes) {
    const { type, page } = change as { type?: string; page?: { id: string; title?: string; path?: string } };
    if (!type?.startsWith('page_') || !page) continue;
    const known = pages.get(page.id);
    if (known) known.changes.push(type);
    else
      pages.set(page.id, {
        id: page.id,
        path: page.path ?? page.id,
        title: page.title ?? '',
        changes: [type],
      });
  }
  return [...pages.values()];
}

/**
 * A page as its file holds it (`docs pull` writes it so): the title as its `# ` heading, then the
 * body the service stores, so a diff names a title as the page has it and a new page shows it.
 */
const markdownOf = (page: RevisionPage): string => {
  const { markdown, title } = page as { markdown?: unknown; title?: unknown };
  const text = typeof markdown === 'string' ? markdown : '';
  if (typeof title !== 'string' || !title.trim()) return text;
  return renderPageFile({ title: title.trim(), meta: {}, body: bodyOfServiceMarkdown(text, title) });
};

export default class CrDiff extends ChangeRequestCommand<typeof CrDiff> {
  static override summary = 'Show what a change request changes, page by page';
  static override description =
    "Lists the request's changes (pages and files created, edited, moved or deleted, variables edited) and, for each changed page, a unified diff of its markdown between the request and its base: the primary revision it started from or was last updated from.\n\n" +
    "At a terminal removed lines are red and added lines green; piped or under NO_COLOR the diff is plain text (for `patch`, `grep` or a file). At a terminal the diff goes through your pager (DOCS_PAGER, `docs config set pager`, $PAGER, else `less -R`), never when piped. --name-only prints the changed pages' file names as the diff names them (`getting-started.md`) and files' names, one a line. --json prints the changes and, per page, the markdown before and after and the patch.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr diff space_handbook 1',
    '<%= config.bin %> cr diff space_handbook 1 --name-only',
    '<%= config.bin %> cr diff space_guides 2 --json',
    '<%= config.bin %> cr diff space_handbook 1 > cr-1.patch',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    'name-only': Flags.boolean({
      description:
        "Print only the changed pages' file names (as the diff names them) and files' names, one a line",
      default: false,
    }),
  };

  async run(): Promise<CrDiffOutput> {
    const { client, spaceId, crId } = await this.target();
    const cr = await client.changeRequests.get(spaceId, crId);
    const base = cr.revisionMergedAncestor ?? cr.revisionInitial;
    const { changes, more } = await client.changeRequests.listChanges(spaceId, crId, {
      limit: CHANGES_LIMIT,
    });
    const summary = {
      space: spaceId,
      changeRequest: cr.number,
      base,
      revision: cr.revision,
      changes,
      more: more ?? 0,
    };
    if (this.flags['name-only']) {
      const names = changedNames(changes);
      if (this.human) for (const name of names) this.output.data(name);
      return { ...summary, pages: [], names };
    }
    const pages = await this.pageDiffs(client, spaceId, crId, base, changedPages(changes));
    const result = { ...summary, pages };
    if (this.human) await this.print(result);
    return result;
  }

  private async pageDiffs(
    client: DocsClient,
    spaceId: string,
    crId: string,
    base: string,
    pages: ChangedPageRef[],
  ): Promise<PageDiff[]> {
    const { createTwoFilesPatch } = await import('diff');
    const query = { format: 'markdown' as const };
    return Promise.all(
      pages.map(async (page) => {
        const created = page.changes.includes('page_created');
        const deleted = page.changes.includes('page_deleted');
        const [before, after] = await Promise.all([
          created ? null : client.revisions.getPage(spaceId, base, page.id, query).then(markdownOf),
          deleted
            ? null
            : client.changeRequests.content.getPage(spaceId, crId, page.id, query).then(markdownOf),
        ]);
        const file = `${page.path}.md`;
        const raw = createTwoFilesPatch(
          created ? '/dev/null' : `a/${file}`,
          deleted ? '/dev/null' : `b/${file}`,
          before ?? '',
          after ?? '',
          '',
          '',
          { context: 3 },
        );
        // jsdiff starts with a rule of `=`; git's header names both sides. No hunk: no change.
        const body = raw.replace(/^=+\n/, '');
        const patch = body.includes('\n@@') ? `diff --git a/${file} b/${file}\n${body}` : '';
        return { ...page, before, after, patch };
      }),
    );
  }

  private async print(result: CrDiffOutput): Promise<void> {
    const color = this.terminal.stdoutColor();
    const paint = (code: string, line: string) => (color ? `\u001b[${code}m${line}\u001b[0m` : line);
    const total = result.changes.length + result.more;
    const summary = [
      `Change request #${result.changeRequest}: ${total} change${total === 1 ? '' : 's'} against ${result.base}`,
      // Changes that are not page content (files, variables, moves) are listed as lines of their own.
      ...result.changes.map((change) => `  ${describeChange(change)}`),
      ...(result.more ? [`  … and ${result.more} more not listed by the service`] : []),
    ];
    // At a terminal the summary heads the paged text (a long one no longer scrolls by before the
    // pager starts); piped, it goes to stderr and stdout holds the diff alone.
    const paged = Boolean(process.stdout.isTTY);
    if (!paged) for (const line of summary) this.output.info(line);
    const out: string[] = paged ? [...summary, ''] : [];
    for (const page of result.pages) {
      if (!page.patch) continue;
      const lines = page.patch.replace(/\n$/, '').split('\n');
      for (const line of lines) {
        if (line.startsWith('diff --git') || line.startsWith('--- ') || line.startsWith('+++ '))
          out.push(paint('1', line));
        else if (line.startsWith('@@')) out.push(paint('36', line));
        else if (line.startsWith('+')) out.push(paint('32', line));
        else if (line.startsWith('-')) out.push(paint('31', line));
        else out.push(line);
      }
    }
    // Through the pager at a terminal, never when piped.
    if (out.length) await this.output.page(out.join('\n'));
  }
}

/** The changed pages' file names as the diff names them (`welcome.md`) and files' names, once each. */
function changedNames(changes: readonly RevisionSemanticChange[]): string[] {
  const names = new Set<string>();
  for (const change of changes) {
    const c = change as { page?: { path?: string; id: string }; file?: { name?: string; id: string } };
    if (c.page) names.add(`${c.page.path ?? c.page.id}.md`);
    else if (c.file) names.add(c.file.name ?? c.file.id);
  }
  return [...names];
}
