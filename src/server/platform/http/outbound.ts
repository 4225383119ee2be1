import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Outbound HTTP on behalf of a tenant (company sign-in discovery and test; later webhooks).
 *
 * A tenant admin names the URL, so without care the server would fetch from its own loopback,
 * the cloud's metadata service or the internal network for them. Every call here:
 * - resolves the host name and refuses it when ANY of its addresses is not public (loopback,
 *   private, link-local, shared, metadata, multicast, reserved; IPv4-mapped IPv6 alike);
 * - connects to the address it checked (the lookup hands exactly that one to the socket), so a
 *   name that resolves differently a moment later (DNS rebinding) cannot slip through;
 * - follows no redirect, gives up after a short time and reads at most a few hundred kilobytes.
 * Only a server that is itself a local demo (PUBLIC_URL on this machine) may call local addresses
 * (its demo identity provider, tests); the operator may allow private networks by name
 * (OUTBOUND_ALLOW_NETWORKS, an intranet identity provider).
 *
 * Every failure to get an answer is one `OutboundFailure`, whatever the cause (refused address,
 * unknown name, closed port, timeout, reset, too large): the caller shows one message, so the
 * answer tells nothing about what listens where.
 */

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses through a gateway
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds any IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}
// IPv4-mapped IPv6 (::ffff:a.b.c.d) is checked against the IPv4 rules by the block list itself.

/** True for an address a server may call on a tenant's behalf. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why no answer came; never shown in detail to the tenant (one message for all). */
export class OutboundFailure extends Error {
  constructor(readonly reason: 'refused-address' | 'network' | 'timeout' | 'too-large' | 'bad-url') {
    super(`outbound call failed: ${reason}`);
    this.name = 'OutboundFailure';
  }
}

/**
 * Which non-public addresses may be called: all (`true`, a local demo), none (`false`), or the
 * operator's networks (a block list of the allowed ones).
 */
export type PrivateAccess = boolean | net.BlockList;

export type OutboundOptions = {
  /** Non-public addresses allowed (see `outboundAccess`). */
  allowPrivate: PrivateAccess;
  timeoutMs?: number;
  maxBytes?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

export const OUTBOUND_TIMEOUT_MS = 5000;
export const OUTBOUND_MAX_BYTES = 512 * 1024;

const accessCache = new Map<string, PrivateAccess>();

/**
 * The non-public addresses this server may call: any when it is itself a local demo, else the
 * networks the operator allowed (none by default).
 */
export function allowsPrivateOutbound(config: { publicUrl: string; outboundAllowNetworks?: string[] }): PrivateAccess {
  const url = new URL(config.publicUrl);
  if (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return true;
  const networks = config.outboundAllowNetworks ?? [];
  if (networks.length === 0) return false;
  const key = networks.join(',');
  let access = accessCache.get(key);
  if (!access) {
    const list = new net.BlockList();
    for (const n of networks) {
      const [address = '', prefix] = n.split('/');
      const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
    accessCache.set(key, (access = list));
  }
  return access;
}

/** May an address be called under the given access? */
export function mayCall(address: string, access: PrivateAccess): boolean {
  if (access === true || isPublicAddress(address)) return true;
  const family = net.isIP(address);
  return access !== false && family !== 0 && access.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for the socket that resolves, checks every address and hands over the first. */
function checkedLookup(access: PrivateAccess) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (addresses.length === 0) return callback(new OutboundFailure('network'), '');
      if (addresses.some((a) => !mayCall(a.address, access))) {
        return callback(new OutboundFailure('refused-address'), '');
      }
      // Every address handed over was checked; the socket may try them in turn (IPv6, then IPv4).
      if (options.all) return callback(null, addresses);
      const chosen = addresses[0]!;
      return callback(null, chosen.address, chosen.family);
    });
  };
}

/**
 * One request with the rules above; the answer as a `Response` (any status, a redirect
 * included: it is not followed). Throws `OutboundFailure` when no complete answer came.
 */
export function outboundFetch(target: string | URL, options: OutboundOptions): Promise<Response> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.reject(new OutboundFailure('bad-url'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new OutboundFailure('bad-url'));
  // A literal address never goes through the lookup: checked here (URL has normalised 127.1,
  // 2130706433 and the like to their dotted form already).
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(literal) && !mayCall(literal, options.allowPrivate)) {
    return Promise.reject(new OutboundFailure('refused-address'));
  }
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? OUTBOUND_MAX_BYTES;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const fail = (failure: OutboundFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(failure);
    };
    const request = transport.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        lookup: checkedLookup(options.allowPrivate) as unknown as net.LookupFunction,
        agent: false,
      },
      (response) => {
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) return fail(new OutboundFailure('too-large'));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return fail(new OutboundFailure('too-large'));
          chunks.push(chunk);
        });
        response.on('error', () => fail(new OutboundFailure('network')));
        response.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
          }
          const status = response.statusCode ?? 502;
          // A Response cannot carry a body with these statuses.
          const body = [101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, statusText: response.statusMessage, headers }));
        });
      },
    );
    // The whole exchange (lookup, connect, TLS, answer) within the time limit.
    const timer = setTimeout(() => fail(new OutboundFailure('timeout')), timeoutMs);
    request.on('error', (err) => fail(err instanceof OutboundFailure ? err : new OutboundFailure('network')));
    request.end(options.body);
  });
}

/**
 * A `fetch` for libraries that take one (openid-client's customFetch): the same rules, and a
 * failure as a rejected promise like fetch's own.
 */
export function outboundFetchFor(allowPrivate: PrivateAccess) {
  return (input: string, init: { method: string; headers: Record<string, string>; body?: unknown }) => {
    const body =
      typeof init.body === 'string'
        ? init.body
        : init.body instanceof URLSearchParams
          ? init.body.toString()
          : init.body instanceof Uint8Array
            ? Buffer.from(init.body)
            : undefined;
    return outboundFetch(input, { allowPrivate, method: init.method, headers: init.headers, body });
  };
}
