import type { TranslationLanguageParam } from '../generated/types.js';

/**
 * The content languages of the published document (`TranslationLanguage`), as the service writes
 * them (lower case): what a space's `language` and a translation's target may be. Data, so that a
 * check of a language code loads no contract code; compiled against the generated type, so a
 * language the document adds or drops is a compile error here.
 */
export const TRANSLATION_LANGUAGES = /* @__PURE__ */ everyLanguage([
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'zh-tw',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const);

/** The list as given, a compile error naming the document's languages it leaves out. */
function everyLanguage<const List extends readonly TranslationLanguageParam[]>(
  list: List &
    ([Exclude<TranslationLanguageParam, List[number]>] extends [never]
      ? unknown
      : { missing: Exclude<TranslationLanguageParam, List[number]> }),
): List {
  return list;
}
