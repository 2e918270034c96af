import { gravatarUrl, initials } from './gravatar';

describe('gravatarUrl', () => {
  it('hashes the trimmed lower-case e-mail and asks for the size with a default fallback', () => {
    expect(gravatarUrl(' MyEmailAddress@example.com ')).toBe(
      'https://www.gravatar.com/avatar/0bc83cb571cd1c50ba6f3e8a78ef1346?s=60&d=mp',
    );
    expect(gravatarUrl('myemailaddress@example.com', 96)).toContain('?s=96&d=mp');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Jane Q. Public')).toBe('JP');
    expect(initials('  ada ')).toBe('A');
    expect(initials('')).toBe('');
    expect(initials('Émile Zola')).toBe('ÉZ');
  });
});
