// The sandbox consumer of the type-check benchmark (test/bench/consumer-types.mjs): a test file
// that uses both entry points of the built sandbox, its test helper and its main export, as a
// project's tests would. Checked with skipLibCheck false, so every declaration it reaches counts.
import { OPERATION_IDS, type Fixture } from '@docs-api/sandbox';
import { useSandbox } from '@docs-api/sandbox/testing';

const fixture = { version: 1, base: 'empty' } satisfies Fixture;
export const env = useSandbox({ fixtures: fixture });

export async function firstSite(): Promise<string | undefined> {
  env.sandbox.addFault({ operation: OPERATION_IDS[0], status: 503 });
  for await (const site of env.client.sites.list('org_acme')) return site.title;
  return undefined;
}
