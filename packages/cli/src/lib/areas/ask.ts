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

/** A source's field as text: the service names pages and records by id (a string or a number). */
function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
