/** An option as callers may pass it: entries lacking a value or a label are skipped. */
export interface SegmentedOptionInput {
  value?: string | null | undefined;
  label?: string | null | undefined;
}

/** An option that is shown. */
export interface SegmentedOption {
  value: string;
  label: string;
}

/** The options that have both a non-empty value and a non-empty label, in order. */
export function validOptions(options: ReadonlyArray<SegmentedOptionInput>): SegmentedOption[] {
  const shown: SegmentedOption[] = [];
  for (const { value, label } of options) {
    if (typeof value === 'string' && value !== '' && typeof label === 'string' && label !== '') {
      shown.push({ value, label });
    }
  }
  return shown;
}
