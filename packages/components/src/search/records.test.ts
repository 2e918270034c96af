import { asRecords, isRecord, plainText, plainTextWithoutDom, text } from './records';

describe('records', () => {
  it('keeps only the objects of an array body', () => {
    expect(asRecords([{ id: 1 }, null, 3, [1], { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(asRecords({ id: 1 })).toEqual([]);
  });

  it('tells objects from other values', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
  });

  it('reads fields as text', () => {
    expect(text({ a: 'x', b: 7, c: null, d: Number.NaN }, 'a')).toBe('x');
    expect(text({ b: 7 }, 'b')).toBe('7');
    expect(text({ c: null }, 'c')).toBe('');
    expect(text({ d: Number.NaN }, 'd')).toBe('');
    expect(text({}, 'missing')).toBe('');
  });

  it('strips tags and decodes every named entity with a DOM', () => {
    expect(plainText('<b>Hoodie</b> &amp; Cap')).toBe('Hoodie & Cap');
    expect(plainText('C&ocirc;te d&#039;Ivoire')).toBe("Côte d'Ivoire");
    expect(plainText('<img src=x onerror="throw 1">Safe')).toBe('Safe');
    expect(plainText('Plain')).toBe('Plain');
  });

  it('strips tags and decodes numeric and common entities without a DOM', () => {
    expect(plainTextWithoutDom('<b>Hoodie</b> &amp; Cap')).toBe('Hoodie & Cap');
    expect(plainTextWithoutDom('d&#039;Ivoire &#x00C5;land')).toBe("d'Ivoire Åland");
    expect(plainTextWithoutDom('S&atilde;o &#99999999;')).toBe('S&atilde;o &#99999999;');
  });
});
