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
  let text: string;
  let code = 0;
  try {
    text = operationHelp(await findReference(target));
  } catch (error) {
    text = `${(error as Error).message}\n`;
    code = 2;
  }
  // The operation's help alone: oclif goes on to its help of `docs api` after a hook's
  // this.exit(), so the process ends here, once the text is written.
  const stream = code === 0 ? process.stdout : process.stderr;
  await new Promise<void>((resolve) => stream.write(text, () => resolve()));
  process.exit(code);
};

export default hook;
