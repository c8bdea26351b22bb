/*
 * The sandbox's stateful content operations (pages, content changes, Git Sync, comment replies,
 * import runs, createSpace) answer what the published document describes: each answer of a
 * create-then-read scenario, run through the SDK, validated against the document (closed enums,
 * required fields), beyond the contract's own check (`checkResponses`). Registered by
 * conformance.test.ts, so that it shares that file's compiled document validators.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { createSandbox } from '@docs-api/sandbox';
import { documentEntryById, validateResponse } from './document.js';

export function describeSandboxContent(): void {
  describe('the sandbox content operations against the document', () => {
    it('answers every step of a pages, content, comments, Git Sync and imports scenario as the document says', async () => {
      const sandbox = createSandbox({ checkResponses: true });
      let last: { status: number; body: unknown } | undefined;
      const client = new DocsClient({
        token: sandbox.token,
        baseUrl: 'http://sandbox.test/v1',
        maxRetries: 0,
        fetch: async (input, init) => {
          const response = await sandbox.fetch(input, init);
          const text = await response.clone().text();
          last = { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
          return response;
        },
      });
      const findings: string[] = [];
      const checked = new Set<string>();
      async function step<T>(operationId: string, call: () => PromiseLike<T>): Promise<T> {
        const result = await call();
        const entry = documentEntryById(operationId);
        if (!entry || !last) throw new Error(`no document entry or answer for ${operationId}`);
        for (const finding of validateResponse(entry, last.status, last.body))
          findings.push(`${operationId}: ${finding.where}: ${finding.message}`);
        checked.add(operationId);
        return result;
      }

      const space = (
        await step('createSpace', () => client.spaces.create('org_acme', { title: 'Conformance' }))
      ).id;
      const request = (await client.changeRequests.create(space, { subject: 'Pages' })).id;
      const update = await step('updateChangeRequestContent', () =>
        client.changeRequests.content.update(
          space,
          request,
          {
            changes: [
              {
                operation: 'insert_files',
                files: [{ ref: 'f', name: 'a.png', contentType: 'image/png', base64: 'iVBORw0KGgo=' }],
              },
              { operation: 'insert_page', ref: 'g', title: 'Guides', document: { markdown: '![a](./f)\n' } },
            ],
          },
          { compat: false },
        ),
      );
      const guides = 'changes' in update ? (update.changes[0] as { page: { id: string } }).page.id : '';
      await step('updateChangeRequestContent', () =>
        client.changeRequests.content.update(space, request, {
          changes: [
            { operation: 'insert_page', into: guides, title: 'Setup', document: { markdown: 'Setup.\n' } },
          ],
        }),
      );
      await step('getPageInChangeRequestByPath', () =>
        client.changeRequests.content.getPageByPath(space, request, 'guides/setup', { format: 'markdown' }),
      );
      const merged = await client.changeRequests.merge(space, request);
      await step('listPages', () => client.spaces.content.listPages(space));
      await step('getPageById', () => client.spaces.content.getPage(space, guides, { format: 'document' }));
      await step('getPageByPath', () =>
        client.spaces.content.getPageByPath(space, 'guides/setup', { format: 'markdown' }),
      );
      await step('listPagesInRevisionById', () => client.revisions.listPages(space, merged.revision ?? ''));
      await step('getPageInRevisionByPath', () =>
        client.revisions.getPageByPath(space, merged.revision ?? '', 'guides'),
      );
      await step('searchSpaceContent', () => client.spaces.content.search(space, { query: 'setup' }));

      const dir = mkdtempSync(join(tmpdir(), 'conformance-git-'));
      mkdirSync(join(dir, 'group'), { recursive: true });
      writeFileSync(
        join(dir, 'SUMMARY.md'),
        '# Table of contents\n\n* [Home](README.md)\n\n## Group\n\n* [Page](group/page.md)\n* [Link](https://example.com)\n',
      );
      writeFileSync(join(dir, 'README.md'), '# Home\n');
      writeFileSync(join(dir, 'group/page.md'), '# Page\n');
      await step('importGitRepository', () =>
        client.spaces.git.importRepository(space, { url: pathToFileURL(dir).href, ref: 'refs/heads/main' }),
      );
      await step('getSpaceGitInfo', () => client.spaces.git.getInfo(space));
      await step('getSpaceGitInfo', () => client.spaces.git.getInfo(space));
      await step('listPages', () => client.spaces.content.listPages(space));
      await step('getPageByPath', () => client.spaces.content.getPageByPath(space, 'group'));
      await step('exportToGitRepository', () =>
        client.spaces.git.exportToRepository(space, {
          url: 'https://github.com/acme/x',
          ref: 'refs/heads/main',
          commitMessage: 'x',
        }),
      );
      await step('getSpaceGitInfo', () => client.spaces.git.getInfo(space));
      await step('getSpaceGitInfo', () => client.spaces.git.getInfo(space));
      await step('getSpaceById', () => client.spaces.get(space));

      await step('getCommentReplyInChangeRequest', () =>
        client.changeRequests.comments.getReply(
          'space_handbook',
          'cr_cli',
          'comment_cli_question',
          'reply_cli_answer',
        ),
      );
      await step('updateCommentReplyInChangeRequest', () =>
        client.changeRequests.comments.updateReply(
          'space_handbook',
          'cr_cli',
          'comment_cli_question',
          'reply_cli_answer',
          {
            body: { markdown: 'Edited' },
          },
        ),
      );
      await step('deleteCommentReplyInChangeRequest', () =>
        client.changeRequests.comments.deleteReply(
          'space_handbook',
          'cr_cli',
          'comment_cli_question',
          'reply_cli_answer',
        ),
      );
      const comment = await step('postCommentInSpace', () =>
        client.spaces.comments.create('space_api', { body: { markdown: 'A comment' } }),
      );
      await step('listCommentsInSpace', () => client.spaces.comments.list('space_api'));
      await step('getCommentInSpace', () => client.spaces.comments.get('space_api', comment.id));
      await step('updateCommentInSpace', () =>
        client.spaces.comments.update('space_api', comment.id, { resolved: true }),
      );
      const reply = await step('postCommentReplyInSpace', () =>
        client.spaces.comments.createReply('space_api', comment.id, { body: { markdown: 'A reply' } }),
      );
      await step('listCommentRepliesInSpace', () =>
        client.spaces.comments.listReplies('space_api', comment.id),
      );
      await step('getCommentReplyInSpace', () =>
        client.spaces.comments.getReply('space_api', comment.id, reply.id),
      );
      await step('updateCommentReplyInSpace', () =>
        client.spaces.comments.updateReply('space_api', comment.id, reply.id, {
          body: { markdown: 'Edited' },
        }),
      );
      await step('deleteCommentReplyInSpace', () =>
        client.spaces.comments.deleteReply('space_api', comment.id, reply.id),
      );
      await step('deleteCommentInSpace', () => client.spaces.comments.delete('space_api', comment.id));

      const run = await client.imports.start('org_acme', {
        source: { type: 'website', url: 'https://www.acme.test' },
        target: { space: 'space_guides' },
      });
      await step('getImportRun', () => client.imports.get('org_acme', run.id));
      await step('listImportRuns', () => client.imports.list('org_acme'));

      expect(findings).toEqual([]);
      expect(checked.size).toBe(28);
      // Compiling the document's validators for these operations takes most of it.
    }, 180_000);
  });
}
