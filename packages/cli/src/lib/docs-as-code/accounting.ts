import { inRoot } from './config.js';
import type { Plan } from './plan.js';
import { eachPage, type LocalLayout } from './read.js';

/*
 * Every entry of the folder accounted for after a push's plan: each page of the table of
 * contents (documents, groups, links) and each file under `.gitbook/assets/`, with what the push
 * does with it. A push exits 0 only when every entry is applied or unchanged and nothing of any
 * entry is left out (`complete`).
 */

export type EntryStatus = 'applied' | 'unchanged' | 'not applied';

export interface PushEntry {
  /** The page's file, a group's folder key, a link's key, or a file's path: relative to the folder. */
  entry: string;
  kind: string;
  title?: string;
  /** `applied`: sent by this push (with --dry-run: would be); `unchanged`: the space has it already. */
  status: EntryStatus;
  /** Why it is not applied and the way out; or what of it is left out (a link title) when applied. */
  reasons?: string[];
}

export interface Accounting {
  entries: PushEntry[];
  /** Whether the push leaves nothing of the folder out (the redirects of `.gitbook.yaml` included). */
  complete: boolean;
}

/** What is not an entry of its own but a setting of one: the entry itself is applied. */
const SETTINGS = new Set(['linkTitle', 'slug']);

export function accountEntries(layout: LocalLayout, plan: Plan): Accounting {
  const sent = new Set<string>();
  for (const change of plan.changes) {
    if (change.op === 'insert_files') for (const file of change.files) sent.add(file);
    else if (change.op === 'insert_page') sent.add(change.key);
    else if (change.op === 'update_page' && !change.reasons.includes('make-room')) sent.add(change.key);
  }
  const left = new Map<string, string[]>();
  const settings = new Map<string, string[]>();
  for (const note of plan.notApplied) {
    if (note.key === undefined) continue;
    const into = note.what !== undefined && SETTINGS.has(note.what) ? settings : left;
    into.set(note.key, [...(into.get(note.key) ?? []), note.message]);
  }
  const entries: PushEntry[] = [];
  const add = (key: string, entry: string, kind: string, title: string | undefined) => {
    const reasons = left.get(key) ?? settings.get(key);
    entries.push({
      entry,
      kind,
      ...(title === undefined ? {} : { title }),
      status: left.has(key) ? 'not applied' : sent.has(key) ? 'applied' : 'unchanged',
      ...(reasons ? { reasons } : {}),
    });
  };
  for (const page of eachPage(layout.pages)) {
    const entry =
      page.kind === 'link' ? (page.href ?? page.key) : inRoot(layout.config, page.file ?? page.key);
    add(page.key, entry, page.kind, page.title);
  }
  for (const asset of layout.assets) add(asset.path, inRoot(layout.config, asset.path), 'file', undefined);
  for (const include of layout.includes) {
    add(include.file, inRoot(layout.config, include.file), 'include', include.title);
  }
  return { entries, complete: plan.notApplied.length === 0 };
}
