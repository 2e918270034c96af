/** A run of label text, flagged when it is the part that matched the query. */
export interface MatchSegment {
  /** The text of this run. */
  text: string;
  /** True when this run is the query match. */
  match: boolean;
}

/**
 * Splits a label around the first case-insensitive occurrence of the query so the match can be
 * emphasised. Joining the segments' text always gives back the label.
 */
export function matchSegments(label: string, query: string): MatchSegment[] {
  const needle = query.trim().toLocaleLowerCase();
  const at = needle === '' ? -1 : label.toLocaleLowerCase().indexOf(needle);
  if (at < 0 || label.toLocaleLowerCase().length !== label.length) {
    return label === '' ? [] : [{ text: label, match: false }];
  }
  const segments: MatchSegment[] = [
    { text: label.slice(0, at), match: false },
    { text: label.slice(at, at + needle.length), match: true },
    { text: label.slice(at + needle.length), match: false },
  ];
  return segments.filter((segment) => segment.text !== '');
}
