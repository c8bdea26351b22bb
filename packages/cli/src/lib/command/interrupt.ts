import type { CommandContext } from '../../context.js';
import { ExitCode } from '../failures/exit-codes.js';
import type { Spinner } from '../terminal/activity.js';

/**
 * Ctrl-C ends the process with the cancel code (2) after "Cancelled.", or, during a `--wait`,
 * what the wait says (the terminal's `interruptNote`: the work goes on server-side; how to follow
 * it). Returns the function that removes the handler.
 */
export function onInterrupt(
  context: Pick<CommandContext, 'output' | 'terminal'>,
  spinner: Spinner,
): () => void {
  const handler = (): void => {
    // In a pager (`docs cr diff`), Ctrl-C is the pager's: the command ends when it does.
    if (context.terminal.paging) return;
    spinner.stop();
    context.output.live(undefined);
    const note = context.terminal.interruptNote;
    context.output.info(note ? `\n${note}` : '\nCancelled.');
    process.exit(ExitCode.Cancelled);
  };
  process.on('SIGINT', handler);
  return () => void process.off('SIGINT', handler);
}
