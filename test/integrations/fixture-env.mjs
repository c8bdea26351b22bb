import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * What both CLIs are given when publishing the fixture integrations, so that their bodies can be
 * compared: the same arguments per fixture, the same variables, the same stand-in for `op`.
 */

export const FIXTURES = fileURLToPath(new URL('../fixtures/integrations/', import.meta.url));

export const FIXTURE_ENV = {
  /** Extra arguments per fixture, spelled the same for `gitbook publish` and `docs integrations publish`. */
  fixtures: {
    plain: [],
    'raw-snippet': [],
    'build-mode': ['--env', 'staging'],
    'node-external': ['--organization', 'org_from_flag'],
  },
  variables: { FIXTURE_API_KEY: 'fixture_api_key_value' },
  /** What the stand-in `op` answers for the fixtures' references. */
  op: { 'op://ci-vault/fixture-db/password': 'fixture_db_password_value' },
};

/** A directory holding an executable `op` that answers `op read <reference>` from FIXTURE_ENV.op. */
export async function installFakeOp() {
  const dir = await mkdtemp(join(tmpdir(), 'fake-op-'));
  const cases = Object.entries(FIXTURE_ENV.op)
    .map(([reference, value]) => `  '${reference}') echo '${value}' ;;`)
    .join('\n');
  await writeFile(
    join(dir, 'op'),
    `#!/bin/sh\n[ "$1" = read ] || exit 1\ncase "$2" in\n${cases}\n  *) echo "[ERROR] no item for $2" >&2; exit 1 ;;\nesac\n`,
  );
  await chmod(join(dir, 'op'), 0o755);
  return dir;
}
