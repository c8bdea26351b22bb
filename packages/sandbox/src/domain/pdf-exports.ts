import { evaluateMarkdown, flattenPages, requirePage, type FlatPage, type RevisionRow } from '../content.js';
import { badRequest, SandboxError } from '../errors.js';
import { renderPdf, type PdfBlock } from '../pdf.js';
import type { Store } from '../store.js';

/*
 * PDF exports of a space's or a change request's content (`getSpacePDF`, `getChangeRequestPDF`).
 * The answer is a URL on the sandbox's own host (`PDF_DOWNLOAD_PREFIX`), valid for an hour as
 * the document says; a GET of it renders the content the URL names from the state at that time:
 * every page (`page`: that page and its sub-pages; with `only`: that page alone), each as its
 * title and its text.
 */

export const PDF_DOWNLOAD_PREFIX = '/_pdf';
/** "The URL will work for 1h." */
const PDF_URL_LIFETIME_MS = 60 * 60 * 1000;

export interface PdfQuery {
  page?: string | undefined;
  only?: boolean | undefined;
}

/** What a PDF URL exports: the space, the change request (by number) or the primary content. */
export interface PdfTarget {
  space: string;
  changeRequest?: number;
}

function targetPath(target: PdfTarget): string {
  const space = encodeURIComponent(target.space);
  return target.changeRequest === undefined
    ? `${PDF_DOWNLOAD_PREFIX}/spaces/${space}/space.pdf`
    : `${PDF_DOWNLOAD_PREFIX}/spaces/${space}/change-requests/${target.changeRequest}/change-request.pdf`;
}

/** Checks the query against the revision (400, 404 naming the field) and answers the export's URL. */
export function pdfExportUrl(
  store: Store,
  target: PdfTarget,
  revision: RevisionRow,
  query: PdfQuery,
): string {
  const where =
    target.changeRequest === undefined
      ? `space "${target.space}"`
      : `change request #${target.changeRequest}`;
  if (query.page === undefined) {
    if (query.only === true) throw badRequest('query.only: a PDF of one page needs query.page (a page id)');
  } else requirePage(revision, query.page, where);
  const search = new URLSearchParams();
  if (query.page !== undefined) search.set('page', query.page);
  if (query.only === true) search.set('only', 'true');
  search.set('expires', new Date(Date.parse(store.now()) + PDF_URL_LIFETIME_MS).toISOString());
  return `${store.apiOrigin()}${targetPath(target)}?${search.toString()}`;
}

/** The pages an export holds, in the order of the table of contents. */
function exportedPages(revision: RevisionRow, query: PdfQuery): FlatPage[] {
  const all = flattenPages(revision.pages);
  if (query.page === undefined) return all;
  const root = requirePage(revision, query.page, 'the PDF export');
  if (query.only === true) return [root];
  return all.filter((entry) => entry === root || entry.path.startsWith(`${root.path}/`));
}

/** A page's markdown as blocks: `#` lines are headings, other lines text (markup marks dropped). */
function markdownBlocks(markdown: string): PdfBlock[] {
  const blocks: PdfBlock[] = [];
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) blocks.push({ kind: 'heading', text: heading[1]! });
    else if (line.trim()) blocks.push({ kind: 'text', text: line.replace(/[*_`]/g, '').trim() });
  }
  return blocks;
}

/**
 * Renders the export a URL names (`search`: the URL's search parameters): 410 once the URL has
 * expired on the sandbox's clock, 404 for a page no longer there.
 */
export function renderPdfExport(
  store: Store,
  title: string,
  revision: RevisionRow,
  search: Record<string, string | undefined>,
): Uint8Array<ArrayBuffer> {
  const query: PdfQuery = { page: search.page, only: search.only === 'true' };
  const expires = search.expires === undefined ? Number.NaN : Date.parse(search.expires);
  if (Number.isNaN(expires)) throw badRequest('expires: the PDF URL has no valid expiry; ask for a new URL');
  if (Date.parse(store.now()) >= expires)
    throw new SandboxError(410, `This PDF URL expired at ${search.expires}; ask for a new URL`);
  const blocks: PdfBlock[] = [{ kind: 'heading', text: title }];
  for (const entry of exportedPages(revision, query)) {
    const { page } = entry;
    if (page.type === 'link') continue;
    blocks.push({ kind: 'heading', text: page.title });
    if (page.description) blocks.push({ kind: 'text', text: page.description });
    if (page.markdown !== undefined) {
      const text = evaluateMarkdown(page.markdown, { ...revision.variables, ...page.variables }, true, () =>
        store.now(),
      );
      blocks.push(...markdownBlocks(text));
    }
  }
  return renderPdf(title, blocks);
}
