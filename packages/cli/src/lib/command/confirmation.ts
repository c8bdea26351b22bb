import { CancelledError, UsageError } from '../failures/exit-codes.js';
import type { CommandContext } from '../../context.js';

/** What confirming needs of a command's class. */
export interface ConfirmationShape {
  destructive: boolean;
  needsConfirmation(flags: Record<string, unknown>): boolean;
}

/**
 * Before `run()`: a destructive command without `--yes` where no one can be asked is a usage
 * error, and nothing may be sent before it.
 */
export function checkConfirmable(
  shape: ConfirmationShape,
  flags: Record<string, unknown>,
  canPrompt: boolean,
  commandLine: string | undefined,
): void {
  if (shape.destructive && shape.needsConfirmation(flags) && !flags.yes && !canPrompt)
    throw new UsageError(
      `Confirmation needed: ${commandLine ? `\`${commandLine}\`` : 'this command'} changes data. Pass --yes to confirm when not at a terminal. Nothing was sent.`,
    );
}

/**
 * Destructive actions need `--yes`, or a "yes" at a terminal. Without either, `checkConfirmable`
 * has already refused the command; this asks at a terminal, once the question can show the data.
 */
export async function confirmAction(
  context: Pick<CommandContext, 'terminal' | 'prompts'>,
  command: { id: string | undefined; destructive: boolean; yes: boolean },
  question: string,
): Promise<void> {
  if (!command.destructive)
    throw new Error(
      `${command.id ?? 'This command'} asks for confirmation but does not declare the --yes flag`,
    );
  if (command.yes) return;
  if (!context.terminal.canPrompt())
    throw new UsageError(`${question} Pass --yes to confirm when not at a terminal.`);
  if (!(await context.prompts.confirm(question))) throw new CancelledError();
}
