import fc from 'fast-check';
import { parseTemplate } from './template';

describe('parseTemplate', () => {
  it('finds slots in the translation order', () => {
    expect(parseTemplate('Orders match {{select /}} filters')).toEqual([
      { kind: 'text', text: 'Orders match ' },
      { kind: 'slot', name: 'select' },
      { kind: 'text', text: ' filters' },
    ]);
  });

  it('finds wraps and slots together', () => {
    expect(parseTemplate('{{title}}Order status{{/title}} {{rule /}} {{filter /}}')).toEqual([
      { kind: 'wrap', name: 'title', text: 'Order status' },
      { kind: 'text', text: ' ' },
      { kind: 'slot', name: 'rule' },
      { kind: 'text', text: ' ' },
      { kind: 'slot', name: 'filter' },
    ]);
  });

  it('keeps unmatched braces as text', () => {
    expect(parseTemplate('a {{title}}b c')).toEqual([{ kind: 'text', text: 'a {{title}}b c' }]);
  });

  it('keeps every character of text without placeholders', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !text.includes('{{')),
        (text) => {
          const joined = parseTemplate(text)
            .map((segment) => (segment.kind === 'slot' ? '' : segment.text))
            .join('');
          expect(joined).toBe(text);
        },
      ),
    );
  });
});
