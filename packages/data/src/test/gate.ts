/**
 * Holds a test server's answers until the test lets them go, so a test can act while a request
 * is in flight: `hold()` closes the gate, `release()` opens it, and each handler awaits
 * `passed()` before answering.
 */
export function answerGate() {
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => undefined;
  return {
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      open();
    },
    /** Opens the gate for the next test without waiting on anyone. */
    reset() {
      gate = Promise.resolve();
    },
    passed: () => gate,
  };
}
