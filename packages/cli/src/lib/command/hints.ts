import { configPath } from '../config/config.js';
import type { Body } from '../input/body.js';

/**
 * A line saying that a stored setting caused `error`, and how to change it: an organization the
 * API does not find (or refuses), an API URL that cannot be reached. `fromSettings` holds what
 * this run read from the stored settings (lib/command/client-session.ts).
 */
export async function settingHint(
  error: unknown,
  fromSettings: { org?: string; apiUrl?: string },
  configDir: string,
): Promise<string | undefined> {
  const { org, apiUrl } = fromSettings;
  // Only a run that read a stored setting may have failed for it (the SDK is loaded then).
  if (!(error instanceof Error) || (!org && !apiUrl)) return undefined;
  const { ConnectionError, NotFoundError, PermissionDeniedError, TimeoutError } =
    await import('../../sdk-errors.js');
  const file = configPath(configDir);
  if (
    org &&
    (error instanceof NotFoundError || error instanceof PermissionDeniedError) &&
    error.url.includes(`/orgs/${encodeURIComponent(org)}`)
  )
    return `The organization ${org} comes from your settings (${file}): pass --org, or change it with \`docs config set org <organization-id>\`.`;
  if (apiUrl && (error instanceof ConnectionError || error instanceof TimeoutError))
    return `The API URL ${apiUrl} comes from your settings (${file}): pass --api-url, or change it with \`docs config set api-url <url>\` (\`docs config unset api-url\` for the public API).`;
  return undefined;
}

/** Lines said after the error of a failed run, e.g. where a typed text was kept. */
export class FailureHints {
  readonly lines: string[] = [];

  constructor(private readonly configDir: string) {}

  /**
   * Posts a text: when the post fails and a person wrote the text in the editor, it is kept in a
   * file (lib/input/body.ts) that the error names, with the command that sends it again.
   */
  async postBody<R>(body: Body, what: string, resend: string, post: () => Promise<R>): Promise<R> {
    try {
      return await post();
    } catch (error) {
      if (body.typed) {
        const { keepDraft } = await import('../input/body.js');
        const file = await keepDraft(this.configDir, what, body.text);
        this.lines.push(`Your ${what} is kept in ${file}\nSend it again with: ${resend} --body-file ${file}`);
      }
      throw error;
    }
  }
}
