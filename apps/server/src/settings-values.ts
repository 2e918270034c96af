import type { SettingDefinition } from '@storelens/api';
import { assertTimezone } from './timezone';

/** The outcome of validating one setting value: the value to store, or why it is refused. */
export type SettingCheck = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * Validates and normalises a setting value by its kind: multiselect → unique allowed keys,
 * select → one allowed key (numbers accepted for numeric keys), text → string within length
 * and pattern, number → integer in range, timezone → an IANA zone name.
 */
export function checkSettingValue(def: SettingDefinition, value: unknown): SettingCheck {
  const kind = def.kind;
  const refuse = (reason: string): SettingCheck => ({ ok: false, reason: `${def.id} ${reason}` });
  switch (kind.type) {
    case 'multiselect': {
      if (!Array.isArray(value)) return refuse('must be an array of statuses.');
      const allowed = Object.keys(kind.options);
      const bad = value.find((v) => typeof v !== 'string' || !allowed.includes(v));
      if (bad !== undefined) return refuse(`values must be among ${allowed.join(', ')}.`);
      return { ok: true, value: [...new Set(value as string[])] };
    }
    case 'select': {
      const key = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
      const allowed = Object.keys(kind.options);
      if (typeof key !== 'string' || !allowed.includes(key)) {
        return refuse(`is not one of ${allowed.join(', ')}.`);
      }
      // Numeric selects (start_of_week) are stored as numbers.
      return { ok: true, value: typeof def.default === 'number' ? Number(key) : key };
    }
    case 'text': {
      if (typeof value !== 'string') return refuse('must be a string.');
      if (value.length > kind.maxLength) {
        return refuse(`must be at most ${kind.maxLength} characters.`);
      }
      if (kind.pattern && !new RegExp(kind.pattern).test(value)) {
        return refuse('has an invalid format.');
      }
      return { ok: true, value };
    }
    case 'number': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < kind.min || n > kind.max) {
        return refuse(`must be a whole number from ${kind.min} to ${kind.max}.`);
      }
      return { ok: true, value: n };
    }
    case 'timezone': {
      if (typeof value !== 'string' || value === '' || value.length > 100) {
        return refuse('must be a time zone name such as Europe/Paris.');
      }
      try {
        assertTimezone(value);
      } catch {
        return refuse(`is not a known time zone: ${value}.`);
      }
      return { ok: true, value };
    }
  }
}
