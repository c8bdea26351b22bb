import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { HandWritten } from '../core/resource.js';
import { ops, type Glossary } from '../generated/resources/glossary.js';
import type { GlossaryBatchOperation, GlossaryTranslationsParam } from '../generated/types.js';

/** `client.glossary`'s hand-written methods. */
export interface GlossaryExtensions {
  /**
   * Applies operations to the glossary in one request; the answer is empty. The operations are
   * the published document's: `{ type: 'insert', translations }`, `{ type: 'update', id,
   * translations }` and `{ type: 'delete', id }`. Inserting is not idempotent (the contract
   * declares it so): once the request may have reached the server it is never sent again.
   *
   * @see PUT /v1/orgs/{organizationId}/translations-glossary (updateGlossaryEntries)
   */
  update(
    organizationId: string,
    operations: GlossaryBatchOperation[],
    options?: RequestOptions,
  ): ApiPromise<void>;
  /**
   * Inserts entries, each a term per language: `[{ en: 'workspace', fr: 'espace de travail' }]`.
   * One `insert` operation per entry, in one request.
   */
  insert(
    organizationId: string,
    entries: GlossaryTranslationsParam[],
    options?: RequestOptions,
  ): ApiPromise<void>;
  /** Deletes entries by id, in one request (`delete` operations). */
  delete(organizationId: string, glossaryEntryIds: string[], options?: RequestOptions): ApiPromise<void>;
}

export const extensions: HandWritten<GlossaryExtensions, Glossary> = {
  update(_resource, invoker, organizationId, operations, options) {
    return invoker.method(
      ops.updateGlossaryEntries,
      [organizationId, { operations }],
      options,
    ) as ApiPromise<void>;
  },
  insert(resource, _invoker, organizationId, entries, options) {
    const operations = entries.map((translations) => ({ type: 'insert' as const, translations }));
    return resource.update(organizationId, operations, options);
  },
  delete(resource, _invoker, organizationId, glossaryEntryIds, options) {
    const operations = glossaryEntryIds.map((id) => ({ type: 'delete' as const, id }));
    return resource.update(organizationId, operations, options);
  },
};
