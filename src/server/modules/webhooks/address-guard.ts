import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';
import type { WebhookConfig } from '../../config';

/**
 * Where a webhook may not be sent (decision 034): addresses inside the server's own networks. An
 * owner's URL must not become a way to reach the database, a cloud's metadata service or an admin
 * page on the intranet (server-side request forgery). Each range with the words a refusal uses.
 */
const REFUSED_RANGES: { label: string; family: 'ipv4' | 'ipv6'; address: string; prefix: number }[] = [
  { label: 'an unspecified address', family: 'ipv4', address: '0.0.0.0', prefix: 8 },
  { label: 'a loopback address', family: 'ipv4', address: '127.0.0.0', prefix: 8 },
  { label: 'a private address', family: 'ipv4', address: '10.0.0.0', prefix: 8 },
  { label: 'a private address', family: 'ipv4', address: '172.16.0.0', prefix: 12 },
  { label: 'a private address', family: 'ipv4', address: '192.168.0.0', prefix: 16 },
  { label: 'a link-local address', family: 'ipv4', address: '169.254.0.0', prefix: 16 },
  { label: 'a shared (carrier-grade NAT) address', family: 'ipv4', address: '100.64.0.0', prefix: 10 },
  { label: 'a multicast address', family: 'ipv4', address: '224.0.0.0', prefix: 4 },
  { label: 'a reserved address', family: 'ipv4', address: '240.0.0.0', prefix: 4 },
  { label: 'an unspecified address', family: 'ipv6', address: '::', prefix: 128 },
  { label: 'a loopback address', family: 'ipv6', address: '::1', prefix: 128 },
  { label: 'a link-local address', family: 'ipv6', address: 'fe80::', prefix: 10 },
  { label: 'a unique-local (private) address', family: 'ipv6', address: 'fc00::', prefix: 7 },
  { label: 'a multicast address', family: 'ipv6', address: 'ff00::', prefix: 8 },
];

// One list per range so a refusal can say which; BlockList also matches IPv4-mapped IPv6
// addresses (::ffff:127.0.0.1, ::ffff:7f00:1) against the IPv4 ranges.
const refused = REFUSED_RANGES.map((range) => {
  const list = new BlockList();
  list.addSubnet(range.address, range.prefix, range.family);
  return { label: range.label, list };
});

/** A URL the product will not send to, with a sentence saying why (shown to the owner and kept in the delivery log). */
export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/** A host DNS does not answer for (now): at registration a refusal, at delivery a failed attempt to retry. */
export class HostNotFoundError extends Error {
  constructor(host: string) {
    super(`The host ${host} could not be found`);
    this.name = 'HostNotFoundError';
  }
}

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

export interface AddressGuard {
  /** Why this address is refused, or null when it may be used. */
  refusal(address: string): string | null;
  /**
   * Resolves a host (every address it has) and returns them when none is refused; throws
   * RefusedAddressError otherwise, HostNotFoundError when it does not resolve.
   */
  resolve(hostname: string): Promise<{ address: string; family: 4 | 6 }[]>;
}

export function createAddressGuard(config: Pick<WebhookConfig, 'allowedNetworks'>): AddressGuard {
  const allowed = new BlockList();
  for (const n of config.allowedNetworks) allowed.addSubnet(n.address, n.prefix, n.family);

  const refusal = (address: string): string | null => {
    const family = familyOf(address);
    if (allowed.check(address, family)) return null;
    return refused.find((r) => r.list.check(address, family))?.label ?? null;
  };

  return {
    refusal,
    async resolve(hostname) {
      // URL.hostname keeps an IPv6 literal's brackets.
      const host = hostname.replace(/^\[(.*)\]$/, '$1');
      let addresses: { address: string; family: number }[];
      if (isIP(host)) {
        addresses = [{ address: host, family: isIP(host) }];
      } else {
        try {
          addresses = await dnsLookup(host, { all: true, verbatim: true });
        } catch {
          throw new HostNotFoundError(host);
        }
      }
      if (addresses.length === 0) throw new HostNotFoundError(host);
      for (const { address } of addresses) {
        const why = refusal(address);
        if (why) {
          throw new RefusedAddressError(
            `${host === address ? address : `${host} resolves to ${address}, which`} is ${why}: webhooks are not sent into private networks (an operator may allow a network with WEBHOOK_ALLOWED_NETWORKS)`,
          );
        }
      }
      return addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    },
  };
}

/**
 * A `lookup` for http(s).request that answers with the addresses already checked, never asking
 * DNS again: the connection goes to an address the guard let through, so a name that resolves to a
 * public address when checked and to a private one a moment later (DNS rebinding) gets nowhere.
 */
export function pinnedLookup(addresses: { address: string; family: 4 | 6 }[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    if (wanted.length === 0) {
      const error: NodeJS.ErrnoException = new Error('No checked address of the requested family');
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
      return;
    }
    if (options.all) (callback as unknown as (err: null, list: { address: string; family: number }[]) => void)(null, wanted);
    else callback(null, wanted[0]!.address, wanted[0]!.family);
  };
}
