import { extraFields } from '../sdk.js';

/*
 * What `docs orgs ask` prints of the events of an answer stream (`SearchAIAnswerStream`): each
 * event carries the answer so far, as markdown when asked with `format: markdown`, and its
 * sources. Read as data: an event of a form this version does not know prints nothing.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

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
    if (source.type === 'page') return `page ${String(source.page)}${source.space ? ` in space ${String(source.space)}` : ''}`;
    if (source.type === 'record') return `record ${String(source.record ?? source.id ?? '')}`.trim();
    return String(source.type ?? 'source');
  });
}
