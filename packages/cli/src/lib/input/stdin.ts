/** Standard input, in one object so that tests can replace it. */
export const stdin = {
  /** Reads all of stdin (for `--with-token` and `--file -`). */
  async read(): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

/** Reads all of stdin (for `--with-token` and `--file -`). */
export function readStdin(): Promise<string> {
  return stdin.read();
}
