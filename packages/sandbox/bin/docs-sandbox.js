#!/usr/bin/env node
// Serves the sandbox on 127.0.0.1 until interrupted. Usage: docs-sandbox [port]
import { createSandbox } from '../dist/index.js';

const port = Number(process.argv[2] ?? 0);
const running = await createSandbox().listen({ port });
process.stdout.write(`Sandbox listening on ${running.url}\nToken: ${running.token}\n`);
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
