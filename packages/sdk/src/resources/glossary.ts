import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type { GlossaryEntry, GlossaryListQuery, GlossaryOperation, GlossaryTerms } from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const translationsArea = () => import('../contract/translations.js');
const getGlossaryEntry = lazyOperation(translationsArea, 'getGlossaryEntry');
const listGlossaryEntries = lazyOperation(translationsArea, 'listGlossaryEntries');
const updateGlossary = lazyOperation(translationsArea, 'updateGlossary');

/** The organization's translation glossary, terms per language: `client.glossary`. */
export class Glossary extends Resource {
  /**
   * Lists the glossary's entries; `for await` walks every entry. `orderBy` (a language code,
   * from the published API document) sorts them by their term in that language.
   */
  list(
    organizationId: string,
    query: GlossaryListQuery = {},
    options?: RequestOptions,
  ): PagePromise<GlossaryEntry> {
    return this.http.list(listGlossaryEntries, { params: { organizationId }, query }, options);
  }

  /**
   * Applies operations to the glossary in one request; the answer is empty. The operations
   * are the published document's: `{ type: 'insert', translations }`,
   * `{ type: 'update', id, translations }` and `{ type: 'delete', id }`.
   * Inserting is not idempotent (the contract declares it so): once the request may have
   * reached the server it is never sent again.
   */
  update(
    organizationId: string,
    operations: GlossaryOperation[],
    options?: RequestOptions,
  ): ApiPromise<void> {
    return this.http.call(updateGlossary, { params: { organizationId }, body: { operations } }, options);
  }

  /**
   * Inserts entries, each a term per language: `[{ en: 'workspace', fr: 'espace de travail' }]`.
   * One `insert` operation per entry, in one request.
   */
  insert(organizationId: string, entries: GlossaryTerms[], options?: RequestOptions): ApiPromise<void> {
    return this.update(
      organizationId,
      entries.map((translations) => ({ type: 'insert', translations })),
      options,
    );
  }

  /** Deletes entries by id, in one request (`delete` operations). */
  delete(organizationId: string, glossaryEntryIds: string[], options?: RequestOptions): ApiPromise<void> {
    return this.update(
      organizationId,
      glossaryEntryIds.map((id) => ({ type: 'delete', id })),
      options,
    );
  }

  /** Reads one entry; `NotFoundError` when it does not exist. */
  get(organizationId: string, glossaryEntryId: string, options?: RequestOptions): ApiPromise<GlossaryEntry> {
    return this.http.call(getGlossaryEntry, { params: { organizationId, glossaryEntryId } }, options);
  }
}
