import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createUserNotificationsToken, getApiInformation } from '@docs-api/sdk/contract';
import { implement, type Implementation } from '../implement.js';

/*
 * What the API says of itself and of the caller's session.
 *
 * - The API information is the sandbox's own: the version of its package (read from its
 *   package.json) and, as the build date, when the code that runs was built (this module's file
 *   time). Read once, at first call.
 * - A notifications token is a fresh secret for the acting user; the sandbox runs no
 *   notifications service, so it opens nothing here. It is answered once, never kept or logged.
 */

let information: { version: string; build: string } | undefined;

function sandboxInformation(): { version: string; build: string } {
  // From src/handlers (tests) and dist/handlers (the package) alike, the package's manifest is two folders up.
  const manifest = fileURLToPath(new URL('../../package.json', import.meta.url));
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const build = statSync(fileURLToPath(import.meta.url)).mtime.toISOString();
  return { version, build };
}

export const systemHandlers: Implementation[] = [
  { ...implement(getApiInformation, () => (information ??= sandboxInformation())), answer: 'computed' },
  {
    ...implement(createUserNotificationsToken, () => ({
      token: `gbn_${randomBytes(24).toString('base64url')}`,
    })),
    answer: 'computed',
  },
];
