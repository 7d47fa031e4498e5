/** What a request says of where the browser addressed it. */
export interface AddressedOrigin {
  /** the scheme the request came with: `https` or `http` */
  scheme: string;
  /** the hosts it addressed (Host, X-Forwarded-Host, ...) */
  hosts: string[];
  /** PUBLIC_BASE_URL, when set */
  publicBaseUrl?: string;
}

/** `host` as an origin of `scheme` spells it (lower case, no default port), or null. */
function normalizedHost(scheme: string, host: string): string | null {
  try {
    return new URL(`${scheme}://${host}`).host;
  } catch {
    return null;
  }
}

/**
 * Whether a browser's Origin header names the dashboard's own origin: PUBLIC_BASE_URL's, or a
 * host the request addressed with the scheme it came with. Scheme and host both count: a page
 * served over plain HTTP (which anyone on the path can write) is another origin than the HTTPS
 * dashboard, and when PUBLIC_BASE_URL is HTTPS no plain-HTTP origin passes at all.
 */
export function isOwnOrigin(origin: string | undefined, addressed: AddressedOrigin): boolean {
  if (!origin) return false;
  let given: URL;
  try {
    given = new URL(origin);
  } catch {
    return false;
  }
  // an Origin is a scheme, a host and a port, nothing else ("null" and paths are refused)
  if (given.origin === 'null' || given.origin !== origin.toLowerCase()) return false;
  if (addressed.publicBaseUrl) {
    const base = new URL(addressed.publicBaseUrl);
    if (given.origin === base.origin) return true;
    if (base.protocol === 'https:' && given.protocol !== 'https:') return false;
  }
  const scheme = addressed.scheme.toLowerCase();
  return given.protocol === `${scheme}:` && addressed.hosts.some((host) => normalizedHost(scheme, host) === given.host);
}
