import type { ContentImportRun } from '@docs-api/sdk';
import { formatDate, type Output } from '../terminal/output.js';

/** What the `docs imports ...` commands share: the printer of a run and its pages. */
export function printImportRun(output: Output, run: ContentImportRun): void {
  output.fields([
    ['ID', run.id],
    ['Status', run.status],
    ['Started', formatDate(run.startedAt)],
    ['Completed', formatDate(run.completedAt)],
    ['Pages', run.pages?.length ?? 0],
  ]);
  for (const page of run.pages ?? []) output.data(`  ${page.status ?? '?'}\t${page.sourceURL ?? page.id}`);
}
