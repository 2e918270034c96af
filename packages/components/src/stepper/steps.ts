/** Where a step stands. */
export type StepStatus = 'complete' | 'current' | 'upcoming';

/** The step fields the status reads. */
export interface StepState {
  /** Step id. */
  key: string;
  /** Marks the step complete whatever its position. */
  isComplete?: boolean;
}

/** A step is complete when it is before the current step or flagged; the current one is current; the rest upcoming. */
export function stepStatus(
  steps: readonly StepState[],
  index: number,
  currentStep: string,
): StepStatus {
  const step = steps[index];
  const current = steps.findIndex((s) => s.key === currentStep);
  if (step === undefined) return 'upcoming';
  if (step.isComplete || (current >= 0 && index < current)) return 'complete';
  if (index === current) return 'current';
  return 'upcoming';
}
