export { BaseCommand } from './base-command.js';
export { defaultContext, type ClientFactory, type CommandContext } from './context.js';
export { ExitCode } from './lib/failures/exit-codes.js';
