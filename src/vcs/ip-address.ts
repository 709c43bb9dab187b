/**
 * IP address parsing and classification for the repository URL policy. Hand-written rather than `net.isIP`
 * because the resolvers behind git and ssh (inet_aton) also accept `127.1`, `2130706433`, `0x7f000001` and
 * `0177.0.0.1`, and because IPv6 addresses can embed an IPv4 one.
 */

/** Parses an IPv4 address in any inet_aton form (1 to 4 parts, each decimal, octal or hex) into 4 bytes. */
function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) value = Number(part);
    else return null;
    numbers.push(value);
  }
  // The last part fills all remaining bytes (`127.1` is 127.0.0.1); the others are single bytes.
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255) || last >= 2 ** (8 * (4 - numbers.length))) return null;
  const bytes = [...numbers];
  for (let shift = 8 * (3 - numbers.length); shift >= 0; shift -= 8) bytes.push(Math.floor(last / 2 ** shift) % 256);
  return bytes;
}

/** Parses an IPv6 address (with optional `::`, trailing dotted IPv4 and `%zone`) into 16 bytes. */
function parseIPv6(text: string): number[] | null {
  let address = text.replace(/%.*$/, '');
  const lastColon = address.lastIndexOf(':');
  const dotted = address.slice(lastColon + 1);
  if (dotted.includes('.')) {
    const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(dotted)?.slice(1).map(Number);
    if (!v4 || v4.some((n) => n > 255)) return null;
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    address = `${address.slice(0, lastColon + 1)}${hex(v4[0], v4[1])}:${hex(v4[2], v4[3])}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return all.flatMap((group) => [Number.parseInt(group, 16) >> 8, Number.parseInt(group, 16) & 0xff]);
}

type Range = [prefix: number[], bits: number];

const BLOCKED_V4: Range[] = [
  [[0], 8], // "this network", including the unspecified 0.0.0.0
  [[10], 8],
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8],
  [[169, 254], 16], // link-local, including cloud metadata endpoints
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 168], 16],
  [[198, 18], 15],
  [[224], 3], // multicast, reserved and broadcast
];

const BLOCKED_V6: Range[] = [
  [[0xfc], 7], // unique local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // deprecated site-local
  [[0xff], 8], // multicast
];

// IPv6 forms that carry an IPv4 address: [prefix, offset of the IPv4 bytes].
const EMBEDDED_V4: [Range, number][] = [
  [[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96], 12], // IPv4-mapped
  [[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96], 12], // IPv4-compatible, also covers :: and ::1
  [[[0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96], 12], // NAT64
  [[[0x20, 0x02], 16], 2], // 6to4
];

function inRange(bytes: number[], [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if ((bytes[bit / 8] & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/** True for loopback, private, link-local, unique-local, unspecified, multicast and reserved addresses. */
export function isNonPublicAddress(bytes: number[]): boolean {
  if (bytes.length === 4) return BLOCKED_V4.some((range) => inRange(bytes, range));
  for (const [range, offset] of EMBEDDED_V4) {
    if (inRange(bytes, range)) return isNonPublicAddress(bytes.slice(offset, offset + 4));
  }
  return BLOCKED_V6.some((range) => inRange(bytes, range));
}

/** Parses a literal IPv4 (any inet_aton form) or IPv6 address; null for host names. */
export function parseIpAddress(text: string): number[] | null {
  return text.includes(':') ? parseIPv6(text) : parseIPv4(text);
}
