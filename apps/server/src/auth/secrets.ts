import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords are hashed with scrypt (Node's built-in, memory-hard): N=2^15, r=8, p=1 uses
 * 32 MiB and about 60 ms per hash, the cost OWASP recommends for scrypt. The parameters are
 * stored with each hash so they can be raised later without invalidating old ones.
 */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `password` matches a stored hash; a malformed or empty hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![n, r, p].every((v) => Number.isSafeInteger(v) && v > 0)) return false;
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await scryptAsync(password, Buffer.from(parts[4]!, 'base64url'), n, r, p);
  return timingSafeEqual(key, expected);
}

/** A hash compared against when no account matches, so both failures take the same time. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}

/** An unguessable token (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a high-entropy token: what the database keeps instead of the token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two strings. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A WordPress-style application password: 24 characters from [A-Za-z0-9], shown in groups of
 * four; spaces are ignored when it is used.
 */
export function newApplicationPassword(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(48);
  let out = '';
  // Rejection sampling keeps every character equally likely (248 = 4 * 62).
  for (const b of bytes) {
    if (b < 248) out += alphabet[b % 62];
    if (out.length === 24) break;
  }
  while (out.length < 24) out += alphabet[randomBytes(1)[0]! % 62];
  return out.replace(/(.{4})(?!$)/g, '$1 ');
}
