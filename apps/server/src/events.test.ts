import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db/database';
import { type SettingsChange, StoreEvents } from './events';

const change: SettingsChange = {
  changed: ['timezone_string'],
  affectsReports: true,
  needsRebuild: true,
};

describe('StoreEvents', () => {
  afterEach(() => vi.restoreAllMocks());

  it('calls the listeners of an event in the order they were added, with the payload', () => {
    const events = new StoreEvents();
    const calls: string[] = [];
    events.on('settingsChanged', (c) => calls.push(`first ${c.changed.join()}`));
    events.on('ingested', () => calls.push('ingested'));
    events.on('settingsChanged', (c) => calls.push(`second ${c.changed.join()}`));
    events.emit('settingsChanged', change);
    expect(calls).toEqual(['first timezone_string', 'second timezone_string']);
    events.emit('ingested');
    expect(calls.at(-1)).toBe('ingested');
  });

  it('stops calling a listener once unsubscribed, and only that registration', () => {
    const events = new StoreEvents();
    let calls = 0;
    const count = () => calls++;
    const off = events.on('ingested', count);
    events.on('ingested', count);
    events.emit('ingested');
    expect(calls).toBe(2);
    off();
    off();
    events.emit('ingested');
    expect(calls).toBe(3);
  });

  it('logs a throwing listener and still calls the others', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events = new StoreEvents();
    const failure = new Error('listener failed');
    const seen: string[] = [];
    events.on('analyticsDataDeleted', () => seen.push('before'));
    events.on('analyticsDataDeleted', () => {
      throw failure;
    });
    events.on('analyticsDataDeleted', () => seen.push('after'));
    expect(() => events.emit('analyticsDataDeleted')).not.toThrow();
    expect(seen).toEqual(['before', 'after']);
    expect(logged).toHaveBeenCalledWith(failure);
  });

  it("keeps two apps' events apart: each open store has its own", async () => {
    const one = openDatabase('file::memory:');
    const two = openDatabase('file::memory:');
    try {
      const heard: string[] = [];
      one.events.on('settingsChanged', () => heard.push('one'));
      two.events.on('settingsChanged', () => heard.push('two'));
      one.events.emit('settingsChanged', change);
      expect(heard).toEqual(['one']);
      two.events.emit('settingsChanged', change);
      expect(heard).toEqual(['one', 'two']);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('emits to nobody without listeners', () => {
    expect(() => new StoreEvents().emit('ingested')).not.toThrow();
  });
});
