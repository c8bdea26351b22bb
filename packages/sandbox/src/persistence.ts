import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { ROW_KIND_NAMES, ROW_KINDS, type RowKindName } from './fixture-rows.js';
import { applyFixture, exportFixture, plainRow, type Fixture } from './fixtures.js';
import { Store } from './store.js';

/*
 * `--data <dir>`: the state on disk (docs/decisions/0042-sandbox-persistence.md).
 *
 * - `state.json`: a full state in the fixture format, written atomically (temporary file, fsync,
 *   rename, then an fsync of the directory) by write-file-atomic.
 * - `log.jsonl`: what changed since, one JSON line per request that changed something: the rows
 *   set and the rows removed, by kind and key. Lines are appended and fdatasync'd before the
 *   answer leaves, in the order the changes were seen, so the log's order is the answers' order.
 *   Requests that arrive while a sync is under way share the next one (group commit).
 *
 * Recovery reads the state, then every whole line of the log (a last line cut by a crash was
 * never answered, and is dropped). Once the log passes `COMPACT_BYTES`, the state is rewritten
 * from what the log holds and the log emptied: a crash between the two replays lines whose
 * changes the state already has, which leaves the same rows.
 *
 * Changes are found by comparing each row's JSON with the one last written: generic (a field a
 * row kind gains is saved with no change here) at the cost of serializing the state per request.
 */

const STATE = 'state.json';
const LOG = 'log.jsonl';
/** Compact once the log is this large. */
export const COMPACT_BYTES = 4 * 1024 * 1024;

interface Meta {
  actor: string;
  sequence: number;
  clockOffset: number;
}

interface LogLine {
  /** Rows set: kind, key, row. */
  s?: Array<[RowKindName, string, Record<string, unknown>]>;
  /** Rows removed: kind, key. */
  d?: Array<[RowKindName, string]>;
  m?: Meta;
}

interface StateFile {
  format: 'docs-sandbox-data';
  version: 1;
  clockOffset: number;
  state: Fixture;
}

/** A data directory: loads the state saved there and saves every change durably. */
export class DataDirectory {
  readonly dir: string;
  /** Each row's JSON as last written, by `kind\0key`, in the store's order. */
  #written = new Map<string, string>();
  #meta: Meta = { actor: '', sequence: 0, clockOffset: 0 };
  #log: FileHandle | undefined;
  #logBytes = 0;
  #pending: Array<{ line: string; done: () => void; failed: (error: unknown) => void }> = [];
  #flushing: Promise<void> | undefined;
  #closed = false;
  #broken: Error | undefined;

  readonly #compactBytes: number;

  constructor(dir: string, options: { create?: boolean; compactBytes?: number } = {}) {
    this.dir = dir;
    this.#compactBytes = options.compactBytes ?? COMPACT_BYTES;
    if (options.create ?? true) mkdirSync(dir, { recursive: true });
  }

  /**
   * Loads the saved state into `store` (emptied first); returns the clock offset saved, or
   * undefined (store untouched) when the directory holds no state yet.
   */
  load(store: Store): number | undefined {
    let file: StateFile;
    try {
      file = JSON.parse(readFileSync(join(this.dir, STATE), 'utf8')) as StateFile;
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw new Error(`${join(this.dir, STATE)} cannot be read: ${(error as Error).message}`);
    }
    if (file.format !== 'docs-sandbox-data' || file.version !== 1)
      throw new Error(`${join(this.dir, STATE)} is not a sandbox data file of version 1`);
    store.clear();
    // Written by the sandbox itself: loaded as is, as a snapshot is.
    applyFixture(store, { file: join(this.dir, STATE), base: 'none', fixture: file.state }, 'none', true);
    let clockOffset = file.clockOffset;
    let text = '';
    try {
      text = readFileSync(join(this.dir, LOG), 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
    }
    const lines = text.split('\n');
    // The last piece is '' after a whole last line, or the part of a line a crash cut.
    lines.pop();
    for (const text of lines) {
      const line = JSON.parse(text) as LogLine;
      for (const [kind, key] of line.d ?? []) ROW_KINDS[kind].delete(store, key);
      for (const [kind, key, row] of line.s ?? []) ROW_KINDS[kind].set(store, key, row);
      if (line.m) {
        store.actor = line.m.actor;
        store.sequence = line.m.sequence;
        clockOffset = line.m.clockOffset;
      }
    }
    return clockOffset;
  }

  /** Starts saving: writes `store` as the state (whole) and opens an empty log. */
  start(store: Store, clockOffset: number): void {
    this.#written = this.#rows(store);
    this.#meta = { actor: store.actor, sequence: store.sequence, clockOffset };
    const state: StateFile = {
      format: 'docs-sandbox-data',
      version: 1,
      clockOffset,
      state: exportFixture(store),
    };
    // Temporary file, fsync, rename; the directory's fsync makes the rename durable.
    writeFileAtomic.sync(join(this.dir, STATE), JSON.stringify(state), { fsync: true });
    fsyncDirectory(this.dir);
    const log = openSync(join(this.dir, LOG), 'w');
    fsyncSync(log);
    closeSync(log);
    this.#logBytes = 0;
  }

  /** Each row's JSON, by `kind\0key`. */
  #rows(store: Store): Map<string, string> {
    const rows = new Map<string, string>();
    for (const kind of ROW_KIND_NAMES) {
      for (const [key, row] of ROW_KINDS[kind].rows(store))
        rows.set(`${kind}\0${key}`, JSON.stringify(plainRow(row)));
    }
    return rows;
  }

  /**
   * Records what changed in `store` since the last call; resolves once that (and everything
   * recorded before it) is on disk. Call it before answering.
   */
  commit(store: Store, clockOffset: number): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the data directory is closed'));
    // After a failed write the disk no longer follows memory: refuse every write from then on.
    if (this.#broken) return Promise.reject(this.#broken);
    const now = this.#rows(store);
    const line: LogLine = {};
    for (const [id, json] of now) {
      if (this.#written.get(id) === json) continue;
      const [kind, key] = split(id);
      (line.s ??= []).push([kind, key, JSON.parse(json) as Record<string, unknown>]);
    }
    for (const id of this.#written.keys()) {
      if (!now.has(id)) (line.d ??= []).push(split(id));
    }
    const meta = { actor: store.actor, sequence: store.sequence, clockOffset };
    if (
      meta.actor !== this.#meta.actor ||
      meta.sequence !== this.#meta.sequence ||
      meta.clockOffset !== this.#meta.clockOffset
    )
      line.m = meta;
    if (!line.s && !line.d && !line.m) return this.#flushing ?? Promise.resolve();
    // The next request is compared with this state (in the store's order, which compaction keeps).
    this.#written = now;
    this.#meta = meta;
    return new Promise((resolve, reject) => {
      this.#pending.push({ line: `${JSON.stringify(line)}\n`, done: resolve, failed: reject });
      this.#flushing ??= this.#flush();
    });
  }

  /** Resolves once every change recorded so far is on disk. */
  async settled(): Promise<void> {
    // The flush under way drains every line queued before it ends.
    await this.#flushing;
  }

  /** Writes the lines waiting, one fdatasync for all of them, until none waits. */
  async #flush(): Promise<void> {
    try {
      while (this.#pending.length) {
        const batch = this.#pending.splice(0);
        try {
          this.#log ??= await open(join(this.dir, LOG), 'a');
          const data = batch.map((entry) => entry.line).join('');
          await this.#log.write(data);
          await this.#log.datasync();
          this.#logBytes += Buffer.byteLength(data);
          if (this.#logBytes > this.#compactBytes) await this.#compact();
          for (const entry of batch) entry.done();
        } catch (error) {
          this.#broken = new Error(`cannot write to ${this.dir}: ${(error as Error).message}`);
          for (const entry of [...batch, ...this.#pending.splice(0)]) entry.failed(this.#broken);
        }
      }
    } finally {
      this.#flushing = undefined;
    }
  }

  /** Rewrites the state from the rows last written, then empties the log. */
  async #compact(): Promise<void> {
    const state: Fixture = {
      version: 1,
      base: 'none',
      actor: this.#meta.actor,
      sequence: this.#meta.sequence,
    };
    for (const [id, json] of this.#written) {
      const [kind] = split(id);
      (state[kind] ??= []).push(JSON.parse(json) as Record<string, unknown>);
    }
    const file: StateFile = {
      format: 'docs-sandbox-data',
      version: 1,
      clockOffset: this.#meta.clockOffset,
      state,
    };
    await writeFileAtomic(join(this.dir, STATE), JSON.stringify(file), { fsync: true });
    fsyncDirectory(this.dir);
    await this.#log?.truncate(0);
    await this.#log?.sync();
    this.#logBytes = 0;
  }

  /** Waits for the writes under way, then closes the log. */
  async close(): Promise<void> {
    while (this.#flushing) await this.#flushing;
    this.#closed = true;
    await this.#log?.close();
    this.#log = undefined;
  }
}

function split(id: string): [RowKindName, string] {
  const at = id.indexOf('\0');
  return [id.slice(0, at) as RowKindName, id.slice(at + 1)];
}

function fsyncDirectory(dir: string): void {
  const handle = openSync(dir, 'r');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
}

/**
 * The state a data directory holds, in the fixture format, without changing the directory (a
 * sandbox may be serving it). Throws when it holds no state.
 */
export function readDataDirectory(dir: string): Fixture {
  const store = new Store();
  if (new DataDirectory(dir, { create: false }).load(store) === undefined)
    throw new Error(`${dir} holds no sandbox state (no ${STATE})`);
  return exportFixture(store);
}
