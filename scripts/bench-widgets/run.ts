/** Runs the widget bench alone: `node --import tsx scripts/bench-widgets/run.ts`. */
import { runWidgetBench } from './bench';

try {
  await runWidgetBench();
} catch (error) {
  console.error('widget bench failed:', error);
  process.exitCode = 1;
}
