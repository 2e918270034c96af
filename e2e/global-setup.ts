import { buildDashboard } from './server';

/**
 * Runs once before every e2e file: the files' servers all serve the same production build,
 * so it is made once per run instead of once in each file's setup (8 builds of a few seconds
 * each before).
 */
export default function setup(): void {
  buildDashboard();
}
