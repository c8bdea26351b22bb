import { DocsClient } from '@docs-api/sdk';
import { createSandbox } from '@docs-api/sandbox';
import { describe, expect, it } from 'vitest';
import { docsFolder } from '../../../../../test/fixtures/docs-folder.mjs';
import { MemoryFs } from './fs.js';
import { MAPPING_FILE, parseMapping } from './mapping.js';
import { applyPush, preparePush, SpaceContent } from './docs-sync.js';

/*
 * applyPush against the sandbox in-process: what it writes per batch. The mapping is rendered
 * whole on each write, so writing it after each of a push's many small batches made the work (and
 * the garbage) of a push grow with the square of its pages.
 */

async function setUp(pages: number) {
  const sandbox = createSandbox();
  /** Answers a request instead of the sandbox when it returns an answer (a fault). */
  const fault: { answer?: (request: Request) => Response | undefined } = {};
  const client = new DocsClient({
    baseUrl: 'http://sandbox.test/v1',
    token: sandbox.token,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      return fault.answer?.(request) ?? sandbox.fetch(request);
    },
  });
  const space = await client.spaces.create('org_acme', { title: 'Mapping writes' });
  const cr = await client.changeRequests.create(space.id, { subject: 'push' });
  const fs = new MemoryFs(docsFolder(pages, { groups: false, images: 0 }).files);
  const writes: string[] = [];
  const write = fs.write.bind(fs);
  fs.write = async (path, data) => {
    if (path === MAPPING_FILE) writes.push(typeof data === 'string' ? data : new TextDecoder().decode(data));
    return write(path, data);
  };
  const content = Object.assign(new SpaceContent(client, space.id, cr.id), { changeRequest: cr.id });
  const prepared = await preparePush(fs, content);
  return { fault, fs, writes, content, prepared, cr: { id: cr.id, number: cr.number } };
}

describe('applyPush and the mapping', () => {
  it('writes the mapping before the first batch and at the end, not after each of many batches', async () => {
    const { fs, writes, content, prepared, cr } = await setUp(60);
    // However slow the machine: no second write falls due during the push.
    const { batches } = await applyPush(fs, content, prepared, cr, { mappingEveryMs: 600_000 });
    expect(batches).toBeGreaterThan(10);
    expect(writes.length).toBe(2);
    const last = parseMapping(writes.at(-1) ?? '');
    expect(Object.keys(last.pages)).toHaveLength(60);
    expect(Object.values(last.pages).every((entry) => entry.stored !== undefined)).toBe(true);
    expect(last.changeRequest).toEqual(cr);
  });

  it('records what the batches before a failed one made, then reports the failure', async () => {
    const { fault, fs, writes, content, prepared, cr } = await setUp(60);
    let updates = 0;
    fault.answer = (request) =>
      request.method === 'POST' && /\/content$/.test(new URL(request.url).pathname) && ++updates === 8
        ? Response.json({ error: { code: 400, message: 'refused' } }, { status: 400 })
        : undefined;
    await expect(applyPush(fs, content, prepared, cr)).rejects.toThrow(/refused/);
    const last = parseMapping(writes.at(-1) ?? '');
    // Seven batches applied: their pages are in the mapping, so the next push continues from them.
    expect(Object.keys(last.pages).length).toBeGreaterThan(7);
    expect(Object.keys(last.pages).length).toBeLessThan(60);
  });

  it('says when the mapping cannot be written after a failed request, and still rejects with that failure', async () => {
    const { fault, fs, content, prepared, cr } = await setUp(60);
    let updates = 0;
    fault.answer = (request) =>
      request.method === 'POST' && /\/content$/.test(new URL(request.url).pathname) && ++updates === 3
        ? Response.json({ error: { code: 400, message: 'refused' } }, { status: 400 })
        : undefined;
    const write = fs.write.bind(fs);
    fs.write = async (path, data) => {
      if (path === MAPPING_FILE && updates >= 3) throw new Error('disk full');
      return write(path, data);
    };
    const unsaved: unknown[] = [];
    await expect(
      applyPush(fs, content, prepared, cr, { onMappingUnsaved: (error) => unsaved.push(error) }),
    ).rejects.toThrow(/refused/);
    expect(unsaved.map((error) => (error as Error).message)).toEqual(['disk full']);
  });
});
