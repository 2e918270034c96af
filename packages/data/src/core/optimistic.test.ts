import { describe, expect, it } from 'vitest';
import { apiError } from '../client/api-error.ts';
import { runOptimistic } from './optimistic.ts';

function harness(send: () => Promise<string>) {
  let value = 'old';
  const log: string[] = [];
  const run = runOptimistic({
    snapshot: () => value,
    apply: () => {
      value = 'new';
      log.push('apply');
    },
    send: async () => {
      log.push(`send sees ${value}`);
      return send();
    },
    rollback: (snap, error) => {
      value = snap;
      log.push(`rollback ${error.code}`);
    },
    settle: async () => {
      log.push('settle');
      throw new Error('refresh failed');
    },
  });
  return { run, log, current: () => value };
}

describe('runOptimistic', () => {
  it('applies before sending and keeps the value on success, then refreshes', async () => {
    const h = harness(async () => 'saved');
    await expect(h.run).resolves.toEqual({ ok: true, value: 'saved' });
    expect(h.current()).toBe('new');
    expect(h.log).toEqual(['apply', 'send sees new', 'settle']);
  });

  it('rolls back from the snapshot on failure and still refreshes', async () => {
    const h = harness(async () => {
      throw apiError('nope', 'No', 500);
    });
    const result = await h.run;
    expect(result).toEqual({ ok: false, error: apiError('nope', 'No', 500) });
    expect(h.current()).toBe('old');
    expect(h.log).toEqual(['apply', 'send sees new', 'rollback nope', 'settle']);
  });
});
