/**
 * Which report URLs may be embedded. A report frame is loaded by every
 * reader's browser: a URL into the reader's own machine or private network turns the extranet
 * into a way to reach what sits behind their firewall, and credentials in a URL are shown to
 * every reader. The rule is pure, so the server refuses with it and the web form warns with it.
 *
 * Hosts are read as the WHATWG URL parser (the browser's) normalises them: `0x7f.1`,
 * `2130706433` and `017700000001` are all 127.0.0.1; IPv6 comes back compressed and in hex.
 * No DNS lookup is made: a public name that resolves to a private address passes (see
 * docs/decisions.md, Report URLs).
 */

export type ReportUrlProblem = 'credentials' | 'private_address' | 'local_name';

type Range = readonly [network: number, prefix: number];

/** IPv4 ranges that are not the public Internet (RFC 6890 and its special-purpose registry). */
const PRIVATE_V4: readonly Range[] = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 carrier-grade NAT
  [0x7f000000, 8], // 127/8 loopback
  [0xa9fe0000, 16], // 169.254/16 link-local (cloud metadata services)
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24 protocol assignments
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xe0000000, 4], // 224/4 multicast
  [0xf0000000, 4], // 240/4 reserved, 255.255.255.255 included
];

/**
 * Names that never leave the local network: localhost (RFC 6761), mDNS `.local`, `.internal`
 * (reserved by ICANN for private use), `home.arpa` (RFC 8375) and the suffixes routers and
 * companies commonly give their own networks.
 */
const LOCAL_SUFFIXES = ['localhost', 'localdomain', 'local', 'internal', 'home.arpa', 'lan', 'home', 'corp'];

function inRanges(address: number, ranges: readonly Range[]): boolean {
  return ranges.some(([network, prefix]) => {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    return (address & mask) >>> 0 === network;
  });
}

function parseV4(host: string): number | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255))
    return null;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

/** The eight 16-bit groups of a serialised IPv6 address (no brackets, hex, possibly with `::`). */
function parseV6(host: string): number[] | null {
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return all.map((group) => Number.parseInt(group, 16));
}

function isPrivateV6(groups: number[]): boolean {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const v4 = (high: number, low: number) => ((high << 16) >>> 0) + low;
  const leadingZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::ffff:a.b.c.d (v4-mapped) and ::a.b.c.d (v4-compatible, which also covers :: and ::1).
  if (leadingZero && (g5 === 0xffff || g5 === 0))
    return g5 === 0 && g6 === 0 ? true : isPrivateV4(v4(g6, g7));
  // 64:ff9b::a.b.c.d (NAT64) reaches the embedded IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return isPrivateV4(v4(g6, g7));
  // 2002:aabb:ccdd::/48 (6to4) embeds an IPv4 address too.
  if (g0 === 0x2002) return isPrivateV4(v4(g1, g2));
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // fec0::/10 former site-local
  if ((g0 & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  return false;
}

function isPrivateV4(address: number): boolean {
  return inRanges(address, PRIVATE_V4);
}

/** A host as the URL parser gives it, lower case and without a final dot. */
function canonicalHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

/**
 * An operator's REPORT_ALLOWED_HOSTS entry as the URL parser would spell its host (`::1` and
 * `[::1]` alike; `*.corp.example` for every name under it), or null when it is not a host.
 */
export function normalizeAllowedHost(entry: string): string | null {
  const text = entry.trim();
  if (!text) return null;
  const wildcard = text.startsWith('*.');
  const bare = wildcard ? text.slice(2) : text;
  const bracketed = !bare.startsWith('[') && bare.includes(':') ? `[${bare}]` : bare;
  try {
    const url = new URL(`http://${bracketed}/`);
    if (url.port || url.username || url.password || url.pathname !== '/') return null;
    const host = canonicalHost(url.hostname);
    if (wildcard && host.startsWith('[')) return null;
    return wildcard ? `*.${host}` : host;
  } catch {
    return null;
  }
}

/** The host is one an operator listed (entries normalised with normalizeAllowedHost). */
export function isAllowedHost(hostname: string, allowedHosts: readonly string[]): boolean {
  const host = canonicalHost(hostname);
  return allowedHosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
  );
}

/** Why a host is not embeddable, or null when it is a public name or address. */
export function hostProblem(hostname: string): Exclude<ReportUrlProblem, 'credentials'> | null {
  const host = canonicalHost(hostname);
  if (host.startsWith('[')) {
    const groups = parseV6(host.slice(1, -1));
    return groups === null || isPrivateV6(groups) ? 'private_address' : null;
  }
  const v4 = parseV4(host);
  if (v4 !== null) return isPrivateV4(v4) ? 'private_address' : null;
  // A name of one label (`intranet`, `metabase`) is completed by the reader's search domains.
  if (!host.includes('.')) return 'local_name';
  if (LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return 'local_name';
  return null;
}

/**
 * Why a report URL may not be embedded, or null when it may. Credentials are refused whatever
 * the operator allows; a private address or local name only when its host is not listed in
 * `allowedHosts` (normalised with normalizeAllowedHost). A URL that does not parse is the
 * schema's to refuse, not this rule's.
 */
export function reportUrlProblem(url: string, allowedHosts: readonly string[] = []): ReportUrlProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.username || parsed.password) return 'credentials';
  const host = canonicalHost(parsed.hostname);
  if (isAllowedHost(host, allowedHosts)) return null;
  return hostProblem(host);
}
