// Loaded with --import by browser-bundle.mjs into the process that runs the bundled app:
// logs the URL of every module the app loads (to BENCH_IMPORT_LOG) and stands in for the
// browser's `fetch`, answering every request with BENCH_ANSWER.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(process.env.BENCH_IMPORT_LOG)}, url + '\\n');
  return next(url, context);
}`)}`,
);

const answer = process.env.BENCH_ANSWER ?? '{}';
globalThis.fetch = async () =>
  new Response(answer, { status: 200, headers: { 'content-type': 'application/json' } });
