#!/usr/bin/env node
// Serves the sandbox until interrupted. `docs-sandbox --help` lists the options.
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2));
