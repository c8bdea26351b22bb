import {
  type SearchAIAnswer,
  type SearchAIAnswerSourcePage,
  type SearchAIAnswerStream,
  type Space,
} from '@docs-api/sdk/contract';
import { flattenPages, markdownDocument, primaryRevision, type FlatPage } from '../content.js';
import type { Store } from '../store.js';
import { slugify } from './sites.js';

/*
 * Asking a question of content (an organization's spaces, or a site's). The sandbox has no model: its answer is built from the
 * organization's content, so that a test can predict it.
 *
 * - The question's words (letters and digits, 3 or more, without common words such as "how" or
 *   "the") are looked for, whole words in any case and without their common endings (install,
 *   installs and installation meet), in the title, description and markdown of every page of the
 *   current content of the spaces asked (an organization's live spaces, a site's published ones). A page's score: 3 per word
 *   found in its title, 2 in its description, 1 in its text. The best three pages answer.
 * - The answer (markdown with `format=markdown`, else a rich-text document) is one line saying
 *   what it draws on, then one item per page: its title, its space, and its description or
 *   paragraph holding the most of the words. Its sources are those pages (`type: page`, with the ids of
 *   the sections used: the slugs of their headings), and it offers follow-up questions on them.
 * - Streamed (`streamAskInOrganization`), the answer comes in several events, each carrying the
 *   answer so far and the sources it has used so far: the opening line, then one event per page;
 *   the follow-up questions come with the last. `askInOrganization` answers the last event's
 *   answer at once.
 * - With no page matching: one event, saying the content holds nothing on it, with no source.
 */

const STOP_WORDS = new Set(
  'the and for are but not you your with that this from have has had was were will would can could should how what when where which who why does did into about there their them they then than its our out any all use using get set'.split(
    ' ',
  ),
);

const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ed', 'es', 's', 'e'];

/** A word without its common English ending, so that install, installs and installation meet. */
function stem(word: string): string {
  const suffix = SUFFIXES.find((ending) => word.endsWith(ending) && word.length - ending.length >= 3);
  return suffix ? word.slice(0, -suffix.length) : word;
}

const wordsOf = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem);

/** The words a question asks about, as stems. */
export function questionWords(question: string): string[] {
  const words = (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
    .map(stem);
  return [...new Set(words)];
}

const count = (text: string, words: ReadonlySet<string>) =>
  wordsOf(text).filter((word) => words.has(word)).length;

interface Section {
  id: string;
  body: string;
}

/** The page's markdown at its headings; what comes before the first is titled after the page. */
function sectionsOf(title: string, markdown: string): Section[] {
  const sections: Section[] = [{ id: slugify(title), body: '' }];
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading) sections.push({ id: slugify(heading), body: `${line}\n` });
    else sections[sections.length - 1]!.body += `${line}\n`;
  }
  return sections.filter((section) => section.body.trim());
}

export interface Match {
  space: Space;
  revision: string;
  entry: FlatPage;
  score: number;
  sections: string[];
  excerpt: string;
}

/** A paragraph of markdown as one line of text: links as their text, no images, list items joined. */
function plain(paragraph: string): string {
  const lines = paragraph
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const items = lines.filter((line) => /^[-*+]\s|^\d+\.\s/.test(line));
  if (items.length && items.length === lines.length)
    return items.map((line) => line.replace(/^([-*+]|\d+\.)\s+/, '')).join('; ');
  return lines.join(' ');
}

/**
 * What a page says on the question: of its description and the paragraphs of its text (not its
 * headings), the one holding the most of the words (the description on a tie), on one line, at
 * most about 200 characters.
 */
function excerptOf(description: string, markdown: string, words: ReadonlySet<string>): string {
  const candidates = [description, ...markdown.split(/\n\s*\n/)]
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph && !/^#{1,6}\s/.test(paragraph))
    .map(plain)
    .filter(Boolean);
  let best = candidates[0] ?? '';
  let bestCount = count(best, words);
  for (const candidate of candidates.slice(1)) {
    const found = count(candidate, words);
    if (found > bestCount) [best, bestCount] = [candidate, found];
  }
  if (best.length <= 200) return best;
  return `${best.slice(0, 200).replace(/\s+\S*$/, '')}…`;
}

/** What is asked: its spaces, and the name the answer gives it ("the content of <title>"). */
export interface AskedContent {
  title: string;
  spaces: readonly Space[];
}

/** The best three pages of the content for the words, best first. */
export function matches(store: Store, spaces: readonly Space[], words: ReadonlySet<string>): Match[] {
  const found: Array<Match & { order: number }> = [];
  for (const space of spaces) {
    const revision = primaryRevision(store, space);
    for (const entry of flattenPages(revision.pages)) {
      const { page } = entry;
      const markdown = page.markdown ?? '';
      const score =
        3 * count(page.title, words) + 2 * count(page.description ?? '', words) + count(markdown, words);
      if (score === 0) continue;
      found.push({
        space,
        revision: revision.id,
        entry,
        score,
        sections: sectionsOf(page.title, markdown)
          .filter((section) => count(section.body, words) > 0)
          .map((section) => section.id),
        excerpt: excerptOf(page.description ?? '', markdown, words),
        order: found.length,
      });
    }
  }
  return found.sort((a, b) => b.score - a.score || a.order - b.order).slice(0, 3);
}

export function source(match: Match): SearchAIAnswerSourcePage {
  return {
    type: 'page',
    page: match.entry.page.id,
    revision: match.revision,
    space: match.space.id,
    sections: match.sections,
    reason: `The page "${match.entry.page.title}" mentions it`,
  };
}

/** The answer's steps: the markdown so far, the sources used so far. */
function answerSteps(store: Store, content: AskedContent, question: string) {
  const words = new Set(questionWords(question));
  const found = words.size ? matches(store, content.spaces, words) : [];
  const { title } = content;
  if (found.length === 0) {
    return {
      steps: [{ markdown: `I found nothing about this in the content of ${title}.`, sources: [] }],
      followups: [],
    };
  }
  const lines = [
    `From the content of ${title}, ${found.length === 1 ? 'one page answers' : `${found.length} pages answer`}:`,
  ];
  const steps = [{ markdown: `${lines[0]}\n`, sources: [] as SearchAIAnswerSourcePage[] }];
  found.forEach((match, index) => {
    const item = `- **${match.entry.page.title}** (${match.space.title ?? match.space.id}): ${match.excerpt}`;
    lines.push(item);
    steps.push({
      markdown: `${lines[0]}\n\n${lines.slice(1).join('\n')}\n`,
      sources: found.slice(0, index + 1).map(source),
    });
  });
  const followups = [...new Set(found.map((match) => `What else does "${match.entry.page.title}" cover?`))];
  return { steps, followups: followups.slice(0, 2) };
}

function answerOf(
  markdown: string,
  sources: SearchAIAnswerSourcePage[],
  followupQuestions: string[],
  format: 'markdown' | 'document' | undefined,
): SearchAIAnswer {
  return {
    answer: format === 'markdown' ? { markdown } : { document: markdownDocument(markdown) },
    sources,
    followupQuestions,
  };
}

/** The events of a streamed answer. */
export function answerEvents(
  store: Store,
  content: AskedContent,
  question: string,
  format: 'markdown' | 'document' | undefined,
): SearchAIAnswerStream[] {
  const { steps, followups } = answerSteps(store, content, question);
  return steps.map((step, index) => ({
    type: 'answer',
    answer: answerOf(step.markdown, step.sources, index === steps.length - 1 ? followups : [], format),
  }));
}

/** The whole answer at once, as markdown: what the last event of a stream carries, and its follow-ups. */
export function finalAnswer(
  store: Store,
  content: AskedContent,
  question: string,
): { markdown: string; sources: SearchAIAnswerSourcePage[]; followups: string[] } {
  const { steps, followups } = answerSteps(store, content, question);
  const last = steps[steps.length - 1]!;
  return { markdown: last.markdown, sources: last.sources, followups };
}

/**
 * Questions worth asking of the content: one per page with text of its own (not a group or a
 * link), in the spaces' and pages' order, worded as the answers' follow-ups are; at most `max`.
 */
export function recommendedQuestions(store: Store, spaces: readonly Space[], max = 5): string[] {
  const questions: string[] = [];
  for (const space of spaces) {
    for (const { page } of flattenPages(primaryRevision(store, space).pages)) {
      if (page.type === 'group' || page.type === 'link') continue;
      questions.push(`What does "${page.title}" cover?`);
    }
  }
  return [...new Set(questions)].slice(0, max);
}
