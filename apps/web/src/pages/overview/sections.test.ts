import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addSection,
  canMove,
  defaultSections,
  isBlockShown,
  mergeSections,
  moveSection,
  removeSection,
  renameSection,
  toggleBlock,
} from './sections';

const keys = (list: { key: string }[]) => list.map((s) => s.key);

describe('Overview sections', () => {
  it('merges saved sections first in saved order, then unsaved defaults; drops junk', () => {
    const saved = [
      { key: 'leaderboards', title: 'Top', isVisible: true, hiddenBlocks: [] },
      { key: 'nope', title: 'x', isVisible: true, hiddenBlocks: [] },
      { key: 'charts', title: 7 },
      { key: 'leaderboards', title: 'dup', isVisible: true, hiddenBlocks: [] },
    ];
    const merged = mergeSections(saved);
    expect(keys(merged)).toEqual(['leaderboards', 'store-performance', 'charts']);
    expect(merged[0]!.title).toBe('Top');
    expect(mergeSections('garbage')).toEqual(defaultSections());
  });

  it('moves skip hidden sections; the first cannot go up nor the last down', () => {
    let s = defaultSections();
    expect(canMove(s, 'store-performance', -1)).toBe(false);
    expect(canMove(s, 'leaderboards', 1)).toBe(false);
    s = moveSection(s, 'store-performance', 1);
    expect(keys(s)).toEqual(['charts', 'store-performance', 'leaderboards']);
    s = removeSection(s, 'store-performance');
    expect(keys(s)).toEqual(['charts', 'leaderboards', 'store-performance']);
    expect(s[2]!.isVisible).toBe(false);
    expect(canMove(s, 'leaderboards', 1)).toBe(false);
    s = addSection(s, 'store-performance');
    expect(s[2]!.isVisible).toBe(true);
    expect(canMove(s, 'leaderboards', 1)).toBe(true);
  });

  it('moving a visible section down then up restores the order (property)', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(['store-performance', 'charts', 'leaderboards'], { minLength: 3 }),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 2 }),
        (order, visible, pick) => {
          const defaults = defaultSections();
          const sections = order.map((k, i) => ({
            ...defaults.find((d) => d.key === k)!,
            isVisible: visible[i]!,
          }));
          const key = order[pick]!;
          if (!sections[pick]!.isVisible || !canMove(sections, key, 1)) return;
          const down = moveSection(sections, key, 1);
          expect(keys(down)).not.toEqual(keys(sections));
          expect(keys(moveSection(down, key, -1))).toEqual(keys(sections));
          expect(new Set(keys(down))).toEqual(new Set(keys(sections)));
        },
      ),
    );
  });

  it('renaming to blank reverts to the default title', () => {
    let s = renameSection(defaultSections(), 'charts', '  My charts ');
    expect(s[1]!.title).toBe('My charts');
    s = renameSection(s, 'charts', '   ');
    expect(s[1]!.title).toBe('Charts');
  });

  it('toggles a block in and out of hiddenBlocks', () => {
    let s = toggleBlock(defaultSections(), 'leaderboards', 'coupons');
    expect(s[2]!.hiddenBlocks).toEqual(['customers']);
    s = toggleBlock(s, 'leaderboards', 'coupons');
    expect(s[2]!.hiddenBlocks).toEqual(['customers', 'coupons']);
  });

  it('shows a profit indicator by the store default until the user chooses, then as chosen', () => {
    const block = 'revenue/net_profit';
    const performance = (list: ReturnType<typeof defaultSections>) => list[0]!.hiddenBlocks;
    let s = defaultSections();
    expect(isBlockShown(performance(s), block, true)).toBe(true);
    expect(isBlockShown(performance(s), block, false)).toBe(false);
    // Shown while costs are unknown: the choice is kept when costs become known, and back.
    s = toggleBlock(s, 'store-performance', block, false);
    expect(isBlockShown(performance(s), block, false)).toBe(true);
    expect(isBlockShown(performance(s), block, true)).toBe(true);
    // Hidden while costs are known: stays hidden either way.
    s = toggleBlock(s, 'store-performance', block, true);
    expect(isBlockShown(performance(s), block, true)).toBe(false);
    expect(isBlockShown(performance(s), block, false)).toBe(false);
    expect(performance(s).filter((b) => b.startsWith(block))).toEqual([block]);
  });
});
