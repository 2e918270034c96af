#!/usr/bin/env node
// `npm run dev`: the dashboard with hot reload; the REST API is proxied to a server on :8080
// (start it with `npm run serve`).
import { spawn } from 'node:child_process';

const vite = spawn('npx', ['vite', 'apps/web'], { stdio: 'inherit' });
vite.on('exit', (code) => process.exit(code ?? 0));
