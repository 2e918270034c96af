import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where Slack and webhook deliveries may go (against server-side request forgery): a channel
 * of a user without `manage_options` may not reach the server's own network. Its host, or
 * every address its name resolves to, must be none of these.
 */
export type InternalKind = 'loopback' | 'private' | 'link-local' | 'unspecified';

const RANGES: ReadonlyArray<[InternalKind, string, number, 'ipv4' | 'ipv6']> = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  // 169.254.169.254 is the cloud metadata address.
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
];

const lists = new Map<InternalKind, BlockList>();
for (const [kind, network, prefix, family] of RANGES) {
  const list = lists.get(kind) ?? new BlockList();
  list.addSubnet(network, prefix, family);
  lists.set(kind, list);
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped, IPv4-compatible, NAT64), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** The kind of internal address `address` (an IP literal) is, or undefined for a public one. */
export function internalKind(address: string): InternalKind | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return internalKind(v4);
  }
  for (const [kind, list] of lists)
    if (list.check(address, family === 4 ? 'ipv4' : 'ipv6')) return kind;
  return undefined;
}

/** One resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * How names are resolved; an object so that a test can replace the lookup
 * (`vi.spyOn(resolver, 'lookup')`) with names of its own.
 */
export const resolver = {
  lookup: async (hostname: string): Promise<ResolvedAddress[]> =>
    (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
      address: a.address,
      family: a.family === 6 ? 6 : 4,
    })),
};

/** A URL's host as an address or name: IPv6 brackets removed, a trailing dot dropped. */
export function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith('[') ? host.slice(1, -1) : host.replace(/\.$/, '');
}

/** Why a target is refused, for the 400 and the delivery's error. */
export class InternalTargetError extends Error {}

const refusal = (host: string, address: string, kind: InternalKind) =>
  new InternalTargetError(
    host === address
      ? `${host} is a ${kind} address: only an administrator (manage_options) may send to loopback, private, link-local or unspecified addresses.`
      : `${host} resolves to ${address}, a ${kind} address: only an administrator (manage_options) may send to loopback, private, link-local or unspecified addresses.`,
  );

/**
 * The address a delivery to `url` connects to, resolved once and checked: an IP literal is
 * itself; a name is looked up and every address it has must be public (the first is used, so
 * a name cannot answer the check with one address and the connection with another).
 * Throws InternalTargetError for an internal one; a name that does not resolve throws too.
 */
export async function publicTarget(url: URL): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const family = isIP(host);
  if (family !== 0) {
    const kind = internalKind(host);
    if (kind) throw refusal(host, host, kind);
    return { address: host, family: family === 6 ? 6 : 4 };
  }
  const addresses = await resolver.lookup(host);
  if (addresses.length === 0) throw new Error(`${host} has no address.`);
  for (const a of addresses) {
    const kind = internalKind(a.address);
    if (kind) throw refusal(host, a.address, kind);
  }
  return addresses[0]!;
}

/**
 * The check when a channel is saved: the reason a URL may not be used by someone without
 * `manage_options`, or undefined. A name that does not resolve now is taken (it is checked
 * again at every delivery, when it must resolve to public addresses only).
 */
export async function internalTargetReason(url: string): Promise<string | undefined> {
  try {
    await publicTarget(new URL(url));
    return undefined;
  } catch (error) {
    return error instanceof InternalTargetError ? error.message : undefined;
  }
}
