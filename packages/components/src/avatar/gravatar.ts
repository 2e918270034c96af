import { md5 } from './md5';

/** Avatar size used when none is given. */
export const DEFAULT_AVATAR_SIZE = 60;

/** Gravatar's address for an e-mail: MD5 of the trimmed lower-cased address, sized, with the "mystery person" fallback. */
export function gravatarUrl(email: string, size: number = DEFAULT_AVATAR_SIZE): string {
  const hash = md5(email.trim().toLowerCase());
  return `https://www.gravatar.com/avatar/${hash}?s=${Math.round(size)}&d=mp`;
}

/** Up to two initials: the first letters of the first and last words, upper-cased. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '';
  const letter = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase();
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return letter(first) + (last === undefined ? '' : letter(last));
}
