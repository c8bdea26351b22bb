import { readFile } from 'node:fs/promises';
import { UsageError } from '../failures/exit-codes.js';
import { readStdin } from './stdin.js';

/*
 * Reading the files that flags name (`--file`, `--script`, `--certificate-file`), or standard
 * input for `-`. Failures are usage errors (exit 2) naming the flag.
 */

/** A file's text, or standard input for `-`; `flag` names the flag in errors. */
export async function readText(flag: string, file: string): Promise<string> {
  try {
    return file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${flag}: cannot read ${file}: ${(error as Error).message}`);
  }
}

/** The JSON value of a file, or of standard input for `-`; `flag` names the flag in errors. */
export async function readJson(flag: string, file: string): Promise<unknown> {
  const text = await readText(flag, file);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${flag}: ${file} is not valid JSON: ${(error as Error).message}`);
  }
}
