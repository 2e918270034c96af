/**
 * Runs a command-line task (`npm run user`, `npm run migrate`): prints the lines it returns,
 * or only its error's message (no stack: the message is meant for the user) and exits 1.
 */
export function runCommand(task: () => Promise<readonly string[]>): void {
  task().then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
