import {
  batches,
  DEFAULT_LIMITS,
  mappingAfterPush,
  PushState,
  recordBatch,
  type Batch,
  type BatchLimits,
} from '../src/lib/docs-as-code/batch.js';
import type { LayoutFs } from '../src/lib/docs-as-code/fs.js';
import type { PageNode } from '../src/lib/docs-as-code/model.js';
import { contentHash } from '../src/lib/docs-as-code/page-file.js';
import { planPush, type Plan } from '../src/lib/docs-as-code/plan.js';
import { eachPage, readLayout, type LocalLayout } from '../src/lib/docs-as-code/read.js';
import { pageFileText, placePages, writeMapping } from '../src/lib/docs-as-code/write.js';
import type { FakeSpace } from './fake-space.js';

/*
 * A push as the command will do it, against a FakeSpace: read the folder, plan, send the
 * batches (recording each answer), read back what the space stored, write the mapping.
 * `stopAfter` interrupts it after that many batches, before the mapping is written (a kill -9).
 */

export interface PushResult {
  layout: LocalLayout;
  plan: Plan;
  batches: Batch[];
  interrupted: boolean;
}

export async function pushFolder(
  fs: LayoutFs,
  space: FakeSpace,
  options: { prune?: boolean; limits?: BatchLimits; stopAfter?: number } = {},
): Promise<PushResult> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const layout = await readLayout(fs);
  const errors = layout.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) throw new Error(`the folder has errors: ${JSON.stringify(errors)}`);
  const plan = planPush({
    layout,
    remote: space.list(),
    prune: options.prune ?? false,
    maxUploadBytes: limits.maxBytes - 64,
  });
  if (plan.problems.length > 0) throw new Error(`the plan has problems: ${JSON.stringify(plan.problems)}`);
  const state = new PushState(plan);
  const sent: Batch[] = [];
  for await (const batch of batches({ fs, layout, plan, state }, limits)) {
    if (options.stopAfter !== undefined && sent.length >= options.stopAfter) {
      return { layout, plan, batches: sent, interrupted: true };
    }
    recordBatch(state, batch, space.apply(batch.body));
    sent.push(batch);
  }
  // What the service stored, read back: the hash of each page's file as a pull writes it.
  const pulled = space.pull();
  const { placements } = placePages(pulled);
  const storedById = new Map<string, string>();
  for (const [shape, placement] of placements) {
    const node = shape as PageNode;
    if (node.id && placement.file) storedById.set(node.id, contentHash(pageFileText(node)));
  }
  const stored = new Map<string, string>();
  for (const page of eachPage(layout.pages)) {
    const id = state.pageIds.get(page.key);
    const hash = id && storedById.get(id);
    if (hash) stored.set(page.key, hash);
  }
  await writeMapping(fs, layout.config, mappingAfterPush(layout, state, { stored }));
  return { layout, plan, batches: sent, interrupted: false };
}
