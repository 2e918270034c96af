import { formatSqlUtc, type zone } from '../timezone';
import { firstNames, lastNames, places } from './catalog';
import type { Random } from './random';
import { slug } from './slug';

/** A customer as an order being generated needs it. */
export interface Customer {
  id: number;
  country: string;
  state: string;
  email: string;
  ips: readonly [string, string];
}

const IPV4_FIRST = [24, 71, 82, 93, 103, 151, 177, 203] as const;
/** Codes at or above this are IPv6 addresses (below: IPv4, the packed octets). */
const IPV6 = 2 ** 32;

/**
 * The customers met so far, created as they first buy. A 10,000,000-order store meets about
 * 4.5 million: kept as objects (email, two address strings) they took over a gigabyte, so each
 * field is a column of a typed array indexed by `id - 1`, and names and addresses are indexes
 * and codes turned back into text when an order asks for its customer.
 */
export class CustomerBook {
  /** Customers met so far; ids run from 1 to `count`. */
  count = 0;
  /** Rows for the `customers` table not yet written (`takeRows` hands them over). */
  private rows: unknown[][] = [];
  private place = new Uint8Array(1024);
  private state = new Uint8Array(1024);
  private first = new Uint16Array(1024);
  private last = new Uint16Array(1024);
  /** How likely each customer is to buy again. */
  private loyalty = new Float64Array(1024);
  /** Two addresses per customer, coded by `ipCode`. */
  private ips = new Float64Array(2048);
  private nextUser = 1;

  constructor(
    private readonly rnd: Random,
    private readonly z: ReturnType<typeof zone>,
  ) {}

  /** A new customer whose first order is at `at` (ms): draws its details and queues its row. */
  add(at: number): Customer {
    const rnd = this.rnd;
    this.grow();
    const i = this.count++;
    const id = i + 1;
    const placeIndex = rnd.weightedIndex(places);
    const place = places[placeIndex]![0];
    const first = rnd.index(firstNames.length);
    const last = rnd.index(lastNames.length);
    const guest = rnd.chance(0.3);
    const registered = guest ? null : formatSqlUtc(at - rnd.int(0, 3600) * 1000);
    const stateIndex = rnd.index(place.states.length);
    const state = place.states[stateIndex]!;
    const email = this.email(id, first, last, place.country);
    this.rows.push([
      id,
      guest ? 0 : this.nextUser++,
      guest ? '' : `${nameSlugs.first[first]}${id}`,
      firstNames[first],
      lastNames[last],
      email,
      place.country,
      state,
      rnd.pick(place.cities),
      String(rnd.int(10000, 99999)),
      registered && this.z.toLocal(registered),
      registered,
      null,
      null,
    ]);
    this.place[i] = placeIndex;
    this.state[i] = stateIndex;
    this.first[i] = first;
    this.last[i] = last;
    this.loyalty[i] = rnd.next() ** 3;
    const ips = [ipCode(rnd), ipCode(rnd)] as const;
    this.ips[2 * i] = ips[0];
    this.ips[2 * i + 1] = ips[1];
    // Built from what was just drawn, not read back from the columns (`get` does that for
    // returning customers), so the test comparing the two checks the columns.
    return { id, country: place.country, state, email, ips: [ipText(ips[0]), ipText(ips[1])] };
  }

  /** A returning customer: the most loyal of three drawn at random, so a few buy often. */
  pickLoyal(): Customer {
    let best = this.rnd.index(this.count);
    for (let k = 0; k < 2; k++) {
      const c = this.rnd.index(this.count);
      if (this.loyalty[c]! > this.loyalty[best]!) best = c;
    }
    return this.get(best + 1);
  }

  /** The rows queued since the last call, for the `customers` table. */
  takeRows(): unknown[][] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  private get(id: number): Customer {
    const i = id - 1;
    const place = places[this.place[i]!]![0];
    return {
      id,
      country: place.country,
      state: place.states[this.state[i]!]!,
      email: this.email(id, this.first[i]!, this.last[i]!, place.country),
      ips: [ipText(this.ips[2 * i]!), ipText(this.ips[2 * i + 1]!)],
    };
  }

  private email(id: number, first: number, last: number, country: string): string {
    return `${nameSlugs.first[first]}.${nameSlugs.last[last]}${id}@example.${country.toLowerCase()}`;
  }

  /** Doubles the columns when full. */
  private grow() {
    if (this.count < this.place.length) return;
    const size = this.place.length * 2;
    const wider = <T extends Uint8Array | Uint16Array | Float64Array>(a: T, n: number): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.place = wider(this.place, size);
    this.state = wider(this.state, size);
    this.first = wider(this.first, size);
    this.last = wider(this.last, size);
    this.loyalty = wider(this.loyalty, size);
    this.ips = wider(this.ips, 2 * size);
  }
}

const nameSlugs = { first: firstNames.map(slug), last: lastNames.map(slug) };

/** A random address as a number: IPv4 (80%) packed in 32 bits, or an IPv6 of 2001:db8::/32. */
function ipCode(rnd: Random): number {
  if (rnd.chance(0.8)) {
    const first = rnd.index(IPV4_FIRST.length);
    const b = rnd.int(0, 255);
    const c = rnd.int(0, 255);
    const d = rnd.int(1, 254);
    return ((first << 24) | (b << 16) | (c << 8) | d) >>> 0;
  }
  const group = rnd.int(0, 0xffff);
  const host = rnd.int(1, 0xffff);
  return IPV6 + group * 0x10000 + host;
}

function ipText(code: number): string {
  if (code < IPV6) {
    return `${IPV4_FIRST[code >>> 24]}.${(code >>> 16) & 255}.${(code >>> 8) & 255}.${code & 255}`;
  }
  const v = code - IPV6;
  return `2001:db8:${Math.floor(v / 0x10000).toString(16)}::${(v % 0x10000).toString(16)}`;
}
