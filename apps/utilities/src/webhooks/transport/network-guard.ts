import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Environment, isNetworkCidr, networkListEntries, PlatformException } from '@platform/pipeline';
import * as ipaddr from 'ipaddr.js';

/**
 * Where a webhook may not go (server-side request forgery): the company chooses the URL, the
 * request leaves from inside our network. Addresses are read and matched by ipaddr.js, not by
 * hand; the ranges are IANA's special-purpose registries (RFC 6890 and successors) plus the
 * cloud metadata addresses.
 */
export type RefusedNetwork =
  'unspecified' | 'loopback' | 'private-network' | 'carrier-grade-nat' | 'link-local' | 'metadata' | 'multicast' | 'broadcast' | 'documentation' | 'reserved';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Network = [Address, number];

const networks = (list: Array<[string, RefusedNetwork]>): Array<[Network, RefusedNetwork]> => list.map(([cidr, name]) => [ipaddr.parseCIDR(cidr), name]);

// The first match names the refusal: a metadata address before the range around it.
const REFUSED_IPV4 = networks([
  ['0.0.0.0/8', 'unspecified'], // "this network": 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0/8', 'private-network'],
  ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
  ['100.64.0.0/10', 'carrier-grade-nat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure, OpenStack…
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private-network'],
  ['192.0.0.192/32', 'metadata'], // Oracle Cloud
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'], // former 6to4 relay anycast
  ['192.168.0.0/16', 'private-network'],
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
]);

const REFUSED_IPV6 = networks([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fd00:ec2::254/128', 'metadata'], // AWS
  ['fc00::/7', 'private-network'], // unique local
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private-network'], // deprecated site-local
  ['ff00::/8', 'multicast'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['2001::/23', 'reserved'], // IETF protocol assignments, Teredo among them
]);

/** Only global unicast is on the internet; the rest of IPv6 is reserved or special (ranges above say why when they can). */
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');

const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * IPv6 forms that carry IPv4 addresses a translator, a tunnel or the host's own stack connects
 * to, and where they sit in the address's eight 16-bit parts. `standsForIt`: the form goes where
 * its IPv4 address does and is no refusal by itself (the others are reserved or global anyway).
 * 64:ff9b:1::/48 (local-use NAT64) is none of them: outside global unicast, it stays refused.
 */
const IPV4_CARRIERS: Array<{ network: Network; standsForIt: boolean; carried: (parts: number[]) => ipaddr.IPv4[] }> = [
  { network: ipaddr.parseCIDR('::ffff:0:0/96'), standsForIt: true, carried: (parts) => [ipv4(parts[6], parts[7])] }, // IPv4-mapped
  { network: ipaddr.parseCIDR('64:ff9b::/96'), standsForIt: true, carried: (parts) => [ipv4(parts[6], parts[7])] }, // NAT64, well-known prefix
  { network: ipaddr.parseCIDR('2002::/16'), standsForIt: false, carried: (parts) => [ipv4(parts[1], parts[2])] }, // 6to4
  // Teredo: the server, and the client with its bits inverted
  { network: ipaddr.parseCIDR('2001::/32'), standsForIt: false, carried: (parts) => [ipv4(parts[2], parts[3]), ipv4(~parts[6] & 0xffff, ~parts[7] & 0xffff)] },
  { network: ipaddr.parseCIDR('::ffff:0:0:0/96'), standsForIt: false, carried: (parts) => [ipv4(parts[6], parts[7])] }, // IPv4-translated
  // IPv4-compatible (deprecated); ::/112 holds IPv6's own :: and ::1, judged as themselves
  { network: ipaddr.parseCIDR('::/96'), standsForIt: false, carried: (parts) => (parts[6] ? [ipv4(parts[6], parts[7])] : []) },
];

let parsedSetting: { setting: string; networks: Network[] } | undefined;

/** The networks of a WEBHOOK_ALLOWED_NETWORKS value (validated at boot; an entry that is not a CIDR is an error). */
export function allowedNetworkList(setting: string): Network[] {
  if (parsedSetting?.setting !== setting) {
    const entries = networkListEntries(setting);
    const invalid = entries.find((entry) => !isNetworkCidr(entry));
    if (invalid !== undefined) throw new Error(`WEBHOOK_ALLOWED_NETWORKS: ${invalid} is not a network in CIDR notation`);
    parsedSetting = { setting, networks: entries.map((entry) => ipaddr.parseCIDR(entry)) };
  }
  return parsedSetting.networks;
}

function withinAny(address: Address, list: Network[]): boolean {
  return list.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
}

function parse(address: string): Address | null {
  try {
    return ipaddr.parse(address);
  } catch {
    return null;
  }
}

function ipv4Refusal(address: ipaddr.IPv4): RefusedNetwork | null {
  return REFUSED_IPV4.find(([[network, bits]]) => address.match(network, bits))?.[1] ?? null;
}

function refusal(address: Address, allowed: Network[]): RefusedNetwork | null {
  if (address.kind() === 'ipv4') return withinAny(address, allowed) ? null : ipv4Refusal(address as ipaddr.IPv4);
  const ipv6 = address as ipaddr.IPv6;
  const carrier = IPV4_CARRIERS.find(({ network: [network, bits] }) => ipv6.match(network, bits));
  // the stricter answer wins: an IPv4 address inside, judged without the allow-list, refuses
  // first (an allow-listed loopback is the operator's own host, not its NAT64 or 6to4 form's)
  const inside = carrier
    ?.carried(ipv6.parts)
    .map(ipv4Refusal)
    .find((network) => network !== null);
  if (inside) return inside;
  if (withinAny(ipv6, allowed) || carrier?.standsForIt) return null;
  return (
    REFUSED_IPV6.find(([[network, bits]]) => network.kind() === 'ipv6' && ipv6.match(network, bits))?.[1] ??
    (ipv6.match(GLOBAL_UNICAST_IPV6) ? null : 'reserved')
  );
}

/**
 * Why a delivery may not connect to `address` (an IP address as DNS or a URL gives it), or null
 * when it may: the public internet, or a network of `allowedNetworks` (WEBHOOK_ALLOWED_NETWORKS).
 * An IPv6 address carrying IPv4 ones (IPv4-mapped `::ffff:7f00:1`, NAT64 `64:ff9b::7f00:1`, 6to4,
 * Teredo, IPv4-translated and -compatible) is refused when one of them is refused as an IPv4
 * address, whatever the allow-list says: it may refuse, never allow.
 */
export function addressRefusal(address: string, allowedNetworks: string): RefusedNetwork | null {
  const parsed = parse(address);
  return parsed ? refusal(parsed, allowedNetworkList(allowedNetworks)) : 'reserved';
}

/** Whether `address`, as written, is within WEBHOOK_ALLOWED_NETWORKS. */
export function isAllowListed(address: string, allowedNetworks: string): boolean {
  const parsed = parse(address);
  return !!parsed && withinAny(parsed, allowedNetworkList(allowedNetworks));
}

/** The host of a parsed URL as an address or a name: without an IPv6 literal's brackets. */
export function urlHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

export const MAX_ENDPOINT_URL_LENGTH = 2048;
/** How long a host may take to resolve when an endpoint is saved. */
const RESOLVE_TIMEOUT_MS = 5000;

export type EndpointUrlSettings = Pick<Environment, 'PLATFORM_ENVIRONMENT' | 'WEBHOOK_ALLOWED_NETWORKS'>;

// `details.reason` names the rule for programs; the registry's reason words the message for people
const forbidden = (reason: string, registryReason: string, facts: Record<string, string | number> = {}) =>
  new PlatformException('WEBHOOK_URL_FORBIDDEN', { reason: registryReason, params: { ...facts, network: reason }, details: { reason, ...facts } });

async function resolveHost(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  let timer: NodeJS.Timeout | undefined;
  try {
    const answers = await Promise.race([
      lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), RESOLVE_TIMEOUT_MS))),
    ]);
    return answers.map((answer) => answer.address);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks an endpoint URL when it is saved, throwing WEBHOOK_URL_FORBIDDEN (400) with
 * `details.reason`: `too-long`, `invalid-url` (not an absolute http(s) URL with a host),
 * `credentials` (a user or password in it), `not-https`, `unresolvable`, or the network one of
 * its addresses is in (`loopback`, `private-network`… with `details.address`).
 *
 * HTTPS is required in production, except towards a host whose every address is in
 * WEBHOOK_ALLOWED_NETWORKS (an operator's own receivers, on a network they chose to trust);
 * the sandbox takes http too. Every address the host resolves to must be allowed, not one:
 * the delivery may connect to any of them. Deliveries check again when they connect, since DNS
 * answers change.
 */
export async function checkEndpointUrl(url: string, env: EndpointUrlSettings): Promise<void> {
  if (url.length > MAX_ENDPOINT_URL_LENGTH) throw forbidden('too-long', 'tooLong', { maxLength: MAX_ENDPOINT_URL_LENGTH });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw forbidden('invalid-url', 'invalidUrl');
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || !parsed.hostname) throw forbidden('invalid-url', 'invalidUrl');
  if (parsed.username || parsed.password) throw forbidden('credentials', 'credentials');
  const httpInProduction = parsed.protocol === 'http:' && env.PLATFORM_ENVIRONMENT === 'production';
  if (httpInProduction && !networkListEntries(env.WEBHOOK_ALLOWED_NETWORKS).length) throw forbidden('not-https', 'notHttps');

  const host = urlHost(parsed);
  const addresses = await resolveHost(host);
  if (!addresses.length) throw forbidden('unresolvable', 'unresolvable', { host });
  for (const address of addresses) {
    const network = addressRefusal(address, env.WEBHOOK_ALLOWED_NETWORKS);
    if (network) throw forbidden(network, 'refusedAddress', { address });
  }
  if (httpInProduction && !addresses.every((address) => isAllowListed(address, env.WEBHOOK_ALLOWED_NETWORKS))) throw forbidden('not-https', 'notHttps');
}
