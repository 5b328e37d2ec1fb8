import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses no client metadata document may be fetched from: private, loopback, link-local, shared, reserved, multicast. */
const specialUse = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  specialUse.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  specialUse.addSubnet(network, prefix, 'ipv6');
}

const isSpecialUse = (address: string) => {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? specialUse.check(mapped, 'ipv4') : specialUse.check(address, family);
};

/**
 * Whether every address a host name resolves to is public. Checked before a Client ID Metadata
 * Document is fetched; oidc-provider's own guard then also cuts a connection that lands on a
 * special-use address (after DNS, so a name that changes its answer is caught too).
 */
export async function resolvesOnlyToPublicAddresses(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every(({ address }) => !isSpecialUse(address));
  } catch {
    return false;
  }
}
