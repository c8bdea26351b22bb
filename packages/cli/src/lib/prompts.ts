import { CommandError } from './exit-codes.js';

/**
 * Prompts, loaded only when asked (inquirer is not needed to start). Callers must check
 * `terminal.canPrompt()` first; tests replace these functions.
 */
export const prompts = {
  async confirm(message: string, defaultValue = false): Promise<boolean> {
    const { confirm } = await import('@inquirer/prompts');
    return confirm({ message, default: defaultValue });
  },
  async select<T>(
    message: string,
    choices: Array<{ name: string; value: T; description?: string }>,
  ): Promise<T> {
    const { select } = await import('@inquirer/prompts');
    return select<T>({ message, choices, pageSize: 15 });
  },
  async password(message: string): Promise<string> {
    const { password } = await import('@inquirer/prompts');
    return password({ message, mask: '*' });
  },
  async input(message: string, defaultValue?: string): Promise<string> {
    const { input } = await import('@inquirer/prompts');
    return input({ message, ...(defaultValue === undefined ? {} : { default: defaultValue }) });
  },
};

export interface Choice {
  name: string;
  value: string;
  description?: string;
}

/** Asks a person to pick one of `items`; with none to pick from, fails with `empty`. */
export async function pickOne<T>(
  message: string,
  items: readonly T[],
  empty: string,
  choice: (item: T) => Choice,
): Promise<string> {
  if (items.length === 0) throw new CommandError(empty);
  return prompts.select(message, items.map(choice));
}
