import type * as SandboxModule from '@docs-api/sandbox';
import type * as SandboxTesting from '@docs-api/sandbox/testing';
import { CommandError } from '../failures/exit-codes.js';

/** The sandbox package, an optional peer of the CLI: most installs never need its server. */
export async function loadSandbox(): Promise<typeof SandboxModule> {
  try {
    return await import('@docs-api/sandbox');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' || !String((error as Error).message).includes('@docs-api/sandbox'))
      throw error;
    throw missing();
  }
}

/** The sandbox's test helpers (its admin API client), from the same optional package. */
export async function loadSandboxTesting(): Promise<typeof SandboxTesting> {
  try {
    return await import('@docs-api/sandbox/testing');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' || !String((error as Error).message).includes('@docs-api/sandbox'))
      throw error;
    throw missing();
  }
}

function missing(): CommandError {
  return new CommandError(
    'docs sandbox needs the @docs-api/sandbox package, which is not installed. Install it next to the CLI: `npm install @docs-api/sandbox` (or `npm install -g @docs-api/sandbox` for a global CLI).',
  );
}
