import { Args } from '../../oclif.js';
import type {
  DocsClient,
  GlossaryEntry,
  GlossaryTranslationsParam,
  JSONDocumentParam,
  Translation,
  TranslationLanguageParam,
} from '@docs-api/sdk';
import { TRANSLATION_LANGUAGES } from '../../sdk.js';
import { documentText } from './change-requests.js';
import { UsageError } from '../failures/exit-codes.js';
import { readJson } from '../input/files.js';
import { formatDate, plural, type Column, type Output } from '../terminal/output.js';
import { formatDuration } from '../terminal/progress.js';
import { pickOne, type Prompts } from '../terminal/prompts.js';
import { readStdin } from '../input/stdin.js';

/*
 * What the `docs translations ...` commands share: arguments, pickers, table columns,
 * printers, and the parsing of language codes, `--instructions`, `--term` and `--file`.
 */

export const translationArg = Args.string({
  name: 'translation',
  description: 'Translation id (picked from a list at a terminal when omitted)',
});

export const glossaryEntryArg = Args.string({
  name: 'entry',
  description: 'Glossary entry id (picked from a list at a terminal when omitted)',
});

export const translationColumns: Column<Translation>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'SOURCE SPACE', value: (t) => t.source?.space },
  { header: 'FROM', value: (t) => t.source?.language, priority: 2 },
  { header: 'TO', value: (t) => t.language },
  { header: 'STATUS', value: (t) => t.status },
  { header: 'RUNS', value: (t) => t.stats?.runs ?? 0, priority: 1 },
  { header: 'UPDATED', value: (t) => formatDate(t.updatedAt), priority: 3 },
];

/** The languages of the entries, in the order they first appear. */
export function glossaryLanguages(entries: readonly GlossaryEntry[]): string[] {
  const languages = new Set<string>();
  for (const entry of entries)
    for (const language of Object.keys(entry.translations ?? {})) languages.add(language);
  return [...languages];
}

/** ID, then one column per language present. */
export function glossaryColumns(entries: readonly GlossaryEntry[]): Column<GlossaryEntry>[] {
  return [
    { header: 'ID', value: (entry) => entry.id },
    ...glossaryLanguages(entries).map((language) => ({
      header: language.toUpperCase(),
      value: (entry: GlossaryEntry) => entry.translations?.[language],
      cut: true,
    })),
  ];
}

/** A duration of the translation stats, in seconds as the service counts them. */
const seconds = (value: number | undefined) => formatDuration(value === undefined ? undefined : value * 1000);

export function printTranslation(
  output: Output,
  translation: Translation,
  to: 'stdout' | 'stderr' = 'stdout',
): void {
  const { source, result, stats } = translation;
  output.fields(
    [
      ['ID', translation.id],
      ['Status', translation.status],
      ['Source space', source?.space],
      ['From', source?.language],
      ['To', translation.language],
      ['Translated space', result?.space],
      ['Revision', result?.revision],
      ['Runs', stats?.runs ?? 0],
      [
        'Last run',
        stats?.runs
          ? `${plural(stats.latestPages ?? 0, 'page')}, ${plural(stats.latestWords ?? 0, 'word')} in ${seconds(stats.latestRunDuration)}`
          : undefined,
      ],
      [
        'All runs',
        stats?.runs
          ? `${plural(stats.totalPages ?? 0, 'page')}, ${plural(stats.totalWords ?? 0, 'word')} in ${seconds(stats.totalDuration)}`
          : undefined,
      ],
      ['Created', formatDate(translation.createdAt)],
      ['Updated', formatDate(translation.updatedAt)],
      // The published document gives translations no app URL: the API address, named as one.
      ['API URL', translation.urls?.location],
    ],
    to,
  );
  const instructions = documentText(translation.instructions);
  if (instructions) {
    const text = `Instructions:\n${instructions.replace(/^/gm, '  ')}`;
    if (to === 'stdout') output.data(text);
    else output.info(text);
  }
}

export function printGlossaryEntry(output: Output, entry: GlossaryEntry): void {
  output.fields([
    ['ID', entry.id],
    ...Object.entries(entry.translations ?? {}).map(([language, term]) => [language, term] as const),
    ['Created', formatDate(entry.createdAt)],
    ['Updated', formatDate(entry.updatedAt)],
  ]);
}

export async function pickTranslation(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
): Promise<string> {
  const translations = await client.translations.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  return pickOne(
    prompts,
    'Translation',
    translations,
    `Organization ${organizationId} has no translations.`,
    (t) => ({
      name: `${t.source?.space ?? '(no source)'} ${t.source?.language ?? '?'} → ${t.language} (${t.id})`,
      value: t.id,
      description: `${t.status ?? 'no status'}, ${plural(t.stats?.runs ?? 0, 'run')}`,
    }),
  );
}

export async function pickGlossaryEntry(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
): Promise<string> {
  const entries = await client.glossary.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  return pickOne(
    prompts,
    'Glossary entry',
    entries,
    `Organization ${organizationId} has an empty glossary.`,
    (entry) => ({
      name: `${Object.entries(entry.translations ?? {})
        .map(([language, term]) => `${language}: ${term}`)
        .join(', ')} (${entry.id})`,
      value: entry.id,
    }),
  );
}

/** `--instructions`: plain text, one paragraph per line, or `-` for standard input. Never empty. */
export async function instructionsDocument(value: string): Promise<JSONDocumentParam> {
  const text = value === '-' ? (await readStdin()).replace(/\s+$/, '') : value;
  if (!text.trim()) throw new UsageError('--instructions is empty.');
  // The contract helpers pull in zod: load them only when instructions are sent.
  const { documentFromText } = await import('../../sdk-contract.js');
  return documentFromText(text);
}

/**
 * A language code as the service writes them, in lower case (language codes are not case
 * sensitive: `pt-BR` is `pt-br`), checked against the service's codes before anything is sent.
 */
export function languageCode(flag: string, value: string): TranslationLanguageParam {
  const code = value.trim().toLowerCase();
  const known: readonly string[] = TRANSLATION_LANGUAGES;
  if (!known.includes(code)) {
    throw new UsageError(
      `${flag}: must be a language code the service supports (${known.join(', ')}), not "${value}".`,
    );
  }
  return code as TranslationLanguageParam;
}

/** The language a space is written in, for a translation's source; a usage error when it has none. */
export async function spaceLanguage(client: DocsClient, spaceId: string): Promise<TranslationLanguageParam> {
  const { language } = await client.spaces.get(spaceId);
  if (!language) {
    throw new UsageError(
      `Space ${spaceId} has no language: give the language it is written in with --source-language.`,
    );
  }
  return languageCode(`the language of space ${spaceId}`, language);
}

/** `--term en=workspace --term fr="espace de travail"` as one entry; language codes in lower case. */
export function parseTerms(values: readonly string[]): GlossaryTranslationsParam {
  const terms: Record<string, string> = {};
  for (const value of values) {
    const equals = value.indexOf('=');
    const language = value.slice(0, Math.max(equals, 0)).trim().toLowerCase();
    const term = value.slice(equals + 1).trim();
    if (equals < 0 || !language || !term) {
      throw new UsageError(`--term "${value}": write it as language=term, e.g. --term en=workspace`);
    }
    if (language in terms) throw new UsageError(`--term: ${language} is given twice.`);
    checkTermLanguage(`--term "${value}"`, language);
    terms[language] = term;
  }
  // The SDK checks the terms before sending.
  return terms;
}

/**
 * A glossary entry's keys are language codes (the document says so in prose; its schema takes any
 * key): one the service does not list is a usage error here, before anything is sent.
 */
function checkTermLanguage(where: string, language: string): void {
  if (!(TRANSLATION_LANGUAGES as readonly string[]).includes(language)) {
    throw new UsageError(
      `${where}: ${language} is not a language code the service supports (${TRANSLATION_LANGUAGES.join(', ')}).`,
    );
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `--file`: a JSON array of entries, each a map of language to term (`{"en": "page", "fr": "page"}`)
 * or an object with such a map under `translations` (as `glossary list --json` prints them).
 */
export async function readEntriesFile(file: string): Promise<GlossaryTranslationsParam[]> {
  const data = await readJson('--file', file);
  const items: unknown[] = Array.isArray(data) ? (data as unknown[]) : [data];
  if (items.length === 0) throw new UsageError(`--file: ${file} holds no entries.`);
  return items.map((item, index) => {
    const terms = isRecord(item) && isRecord(item.translations) ? item.translations : item;
    if (!isRecord(terms)) {
      throw new UsageError(
        `--file: entry ${index + 1} must be an object of language codes to terms, e.g. {"en": "page", "fr": "page"}`,
      );
    }
    for (const language of Object.keys(terms)) checkTermLanguage(`--file: entry ${index + 1}`, language);
    // The SDK checks the terms before sending.
    return terms as GlossaryTranslationsParam;
  });
}

/** True when both maps hold the same terms (spaces around terms ignored). */
export function sameTerms(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key]?.trim() === b[key]?.trim());
}
