// Worker threads start from this plain module: it loads worker.ts through tsx's API, so the
// worker runs TypeScript whether or not the parent process was started with `--import tsx`
// (the test runner is not, and Node does not pass loader hooks on to a worker in every case).
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
