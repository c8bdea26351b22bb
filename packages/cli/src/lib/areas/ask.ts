import type { DocsClient } from '@docs-api/sdk';
import { extraFields } from '../../sdk.js';

/*
 * What `docs orgs ask` prints of the events of an answer stream (`SearchAIAnswerStream`): each
 * event carries the answer so far, as markdown when asked with `format: markdown`, and its
 * sources. Read as data: an event of a form this version does not know prints nothing.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The answer's text so far (its markdown), or '' when the event carries none. */
export function answerText(event: unknown): string {
  if (!isRecord(event) || !isRecord(event.answer)) return '';
  const document = extraFields(event.answer).answer;
  if (isRecord(document) && typeof document.markdown === 'string') return document.markdown;
  return '';
}

/** The answer's sources, one line each: the page (and space) or record it used. */
export function answerSources(event: unknown): string[] {
  if (!isRecord(event) || !isRecord(event.answer)) return [];
  const sources = extraFields(event.answer).sources;
  if (!Array.isArray(sources)) return [];
  return sources.filter(isRecord).map((source) => {
    if (source.type === 'page') {
      const space = text(source.space);
      return `page ${text(source.page)}${space ? ` in space ${space}` : ''}`;
    }
    if (source.type === 'record') return `record ${text(source.record) || text(source.id)}`.trim();
    return text(source.type) || 'source';
  });
}

/** The follow-up questions the answer suggests (`followupQuestions`), none when it has none. */
export function answerFollowups(event: unknown): string[] {
  if (!isRecord(event) || !isRecord(event.answer)) return [];
  const questions = extraFields(event.answer).followupQuestions;
  return Array.isArray(questions)
    ? questions.filter((q): q is string => typeof q === 'string' && q !== '')
    : [];
}

/**
 * The answer's sources for people: a page by its title and path (`Quick start (getting-started/
 * quick-start) in space space_guides`), read once per page at the revision the answer used; a page
 * whose read fails keeps its id. Other sources as `answerSources` says them.
 */
export async function describeSources(client: DocsClient, event: unknown): Promise<string[]> {
  if (!isRecord(event) || !isRecord(event.answer)) return [];
  const sources = extraFields(event.answer).sources;
  if (!Array.isArray(sources)) return [];
  const reads = new Map<string, Promise<string | undefined>>();
  const named = (space: string, revision: string, page: string): Promise<string | undefined> => {
    const key = `${space}/${revision}/${page}`;
    let read = reads.get(key);
    if (!read) {
      read = client.revisions.getPage(space, revision, page).then(
        (found) => {
          const { title, path } = found as { title?: unknown; path?: unknown };
          const shown = text(title);
          return shown ? `${shown}${text(path) ? ` (${text(path)})` : ''}` : undefined;
        },
        () => undefined,
      );
      reads.set(key, read);
    }
    return read;
  };
  const fallback = answerSources(event);
  return Promise.all(
    sources.filter(isRecord).map(async (source, i) => {
      const space = text(source.space);
      const revision = text(source.revision);
      const page = text(source.page);
      if (source.type !== 'page' || !space || !revision || !page) return fallback[i] ?? 'source';
      const title = await named(space, revision, page);
      return `${title ?? `page ${page}`} in space ${space}`;
    }),
  );
}

/** A source's field as text: the service names pages and records by id (a string or a number). */
function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
