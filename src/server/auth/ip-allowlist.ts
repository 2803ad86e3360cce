/** IPv4/IPv6 CIDR allowlists of clients. */
import { BlockList, isIP } from 'node:net';

/** True when the list is empty (anywhere allowed) or the address is in one of its blocks. */
export function isIpAllowed(ip: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (isIP(address) === 0) return false;
  const blocks = new BlockList();
  for (const entry of allowlist) {
    const [base, bits] = entry.split('/');
    const baseFamily = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(base) === 0) continue;
    if (bits === undefined) blocks.addAddress(base, baseFamily);
    else blocks.addSubnet(base, Number(bits), baseFamily);
  }
  return blocks.check(address, family);
}
