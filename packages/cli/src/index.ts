export { BaseCommand, type ClientFactory } from './base-command.js';
export { ExitCode } from './lib/failures/exit-codes.js';
