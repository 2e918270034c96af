import { decodeEntities, stripTags } from './html-text';

describe('decodeEntities', () => {
  it('decodes numeric and the named references currency settings use', () => {
    expect(decodeEntities('&#36;')).toBe('$');
    expect(decodeEntities('&#x62f;.&#x625;')).toBe('د.إ');
    expect(decodeEntities('&euro; &pound; &yen; &nbsp;&amp;')).toBe('€ £ ¥ \u00a0&');
  });

  it('leaves unknown references alone', () => {
    expect(decodeEntities('&bogus; &#0;')).toBe('&bogus; &#0;');
  });
});

describe('stripTags', () => {
  it('removes tags, comments and script blocks, also when nested', () => {
    expect(stripTags('<span class="x">%1$s</span>%2$s')).toBe('%1$s%2$s');
    expect(stripTags('<!-- c -->a<script>alert(1)</script>b')).toBe('ab');
    expect(stripTags('<scr<script></script>ipt>x')).toBe('x');
  });
});
