import type { Interfaces } from '../oclif.js';

/*
 * `docs api <operationId> --help` describes that operation (its summary, arguments and fields,
 * from the document) rather than the `api` command: oclif answers --help before a command runs,
 * so this init hook, which runs first, answers it for an operation. A path or no operation falls
 * through to oclif's help of `docs api`.
 */
const hook: Interfaces.Hook<'init'> = async function ({ id, argv }) {
  if (id !== 'api' || !argv.some((arg) => arg === '--help' || arg === '-h')) return;
  const target = argv.find((arg) => !arg.startsWith('-'));
  if (!target || target.includes('/')) return;
  const { findReference, operationHelp } = await import('../lib/transport/api-operation.js');
  try {
    process.stdout.write(operationHelp(await findReference(target)));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    this.exit(2);
  }
  this.exit(0);
};

export default hook;
