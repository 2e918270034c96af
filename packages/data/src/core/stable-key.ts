function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const entry = (value as Record<string, unknown>)[key];
      if (entry !== undefined) out[key] = normalise(entry);
    }
    return out;
  }
  return value;
}

/** A cache key for a query: JSON with object keys sorted and undefined entries dropped. */
export function stableKey(value: unknown): string {
  return JSON.stringify(normalise(value ?? {})) ?? '';
}
