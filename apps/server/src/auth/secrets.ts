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

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters from [A-Za-z0-9], each equally likely. */
function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    // Rejection sampling keeps every character equally likely (248 = 4 * 62).
    for (const b of randomBytes(length * 2)) {
      if (b < 248) out += ALPHABET[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * Application passwords are API keys (as GitHub's and Stripe's are): 32 characters from
 * [A-Za-z0-9], shown in groups of four as WordPress shows its 24. The first 8 are the key's
 * public id, which finds its one record (a unique index); the other 24 are the secret, 142
 * random bits. Spaces are ignored when the key is used.
 */
export const KEY_ID_LENGTH = 8;
export const KEY_SECRET_LENGTH = 24;

/** A new application password: its id and the key to show once. */
export function newApplicationPassword(): { id: string; password: string } {
  const id = randomAlphanumeric(KEY_ID_LENGTH);
  const key = id + randomAlphanumeric(KEY_SECRET_LENGTH);
  return { id, password: key.replace(/(.{4})(?!$)/g, '$1 ') };
}

/**
 * The id and the whole key (spaces removed) of a sent application password, or undefined when
 * it is not shaped as one (the 24-character passwords of before migration 030 among them).
 */
export function parseApplicationPassword(sent: string): { id: string; key: string } | undefined {
  const key = sent.replace(/\s/g, '');
  if (key.length !== KEY_ID_LENGTH + KEY_SECRET_LENGTH || !/^[A-Za-z0-9]+$/.test(key))
    return undefined;
  return { id: key.slice(0, KEY_ID_LENGTH), key };
}

/**
 * What the database keeps of an application password: the SHA-256 of the whole key. The key
 * is random and has 142 secret bits, so a fast unsalted hash cannot be reversed by guessing
 * (salt and a slow hash such as scrypt protect human passwords, which are guessable); a keyed
 * HMAC would add something only with its key kept outside the database.
 */
export function applicationPasswordHash(key: string): string {
  return `sha256$${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * The hash functions the credential checks call, called through this object so that a test
 * can count them (`vi.spyOn(hashing, 'verifyPassword')`): the checks' cost is the number of
 * hashes they compute, and a test proves it constant by counting rather than by timing.
 */
export const hashing = { verifyPassword, applicationPasswordHash };
