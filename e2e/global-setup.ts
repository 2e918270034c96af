import { buildDashboard } from './server';

/**
 * Runs once before every e2e file: the files' servers all serve the same production build,
 * so it is made once per run instead of once per file (each build takes both cores for
 * about half a minute).
 */
export default function setup(): void {
  buildDashboard();
}
