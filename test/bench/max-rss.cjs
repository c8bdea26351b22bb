// Preloaded with --require by the benchmarks: writes the process's peak resident set size (KiB)
// to BENCH_RSS_FILE when it exits, however it exits.
'use strict';
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE)
    writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
