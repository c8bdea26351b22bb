import { appendFile } from 'node:fs/promises';

/*
 * GitHub Actions' ways to show a run's problems where people look: workflow-command
 * annotations (`::error file=…,line=…::message`), which the runner turns into marks on the
 * files of the pull request, and the job summary, a Markdown file named by
 * `GITHUB_STEP_SUMMARY`. Outside GitHub Actions both do nothing.
 */

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  title?: string | undefined;
  file?: string | undefined;
  line?: number | undefined;
  col?: number | undefined;
}

/** True in a GitHub Actions job (`GITHUB_ACTIONS=true`, set by the runner). */
export function inGitHubActions(): boolean {
  return process.env.GITHUB_ACTIONS === 'true';
}

// The escaping of actions/toolkit's `command.ts`: data loses its line breaks and `%`,
// property values also their `:` and `,`.
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One workflow command line, e.g. `::error file=spec.yaml,line=3,col=5,title=Invalid spec::...`. */
export function annotationLine(annotation: Annotation): string {
  const properties = (
    [
      ['file', annotation.file],
      ['line', annotation.line],
      ['col', annotation.col],
      ['title', annotation.title],
    ] as const
  )
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${annotation.level}${properties ? ` ${properties}` : ''}::${escapeData(annotation.message)}`;
}

/**
 * Writes annotations for the runner to read. They go to stdout, the channel GitHub documents;
 * with `--json` stdout holds only the JSON answer, so they go to stderr, which the runner reads too.
 */
export function annotate(annotations: readonly Annotation[], json: boolean): void {
  if (!inGitHubActions()) return;
  const stream = json ? process.stderr : process.stdout;
  for (const annotation of annotations) stream.write(`${annotationLine(annotation)}\n`);
}

/** Appends Markdown to the job summary, when the runner names one. */
export async function appendStepSummary(markdown: string): Promise<void> {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!inGitHubActions() || !file) return;
  await appendFile(file, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
}

/** Escapes text for a Markdown table cell. */
export function tableCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
