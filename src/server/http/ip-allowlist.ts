/** IPv4/IPv6 CIDR allowlists of clients. */
import { BlockList, isIP } from 'node:net';

/** True when the list is empty (anywhere allowed) or the address is in one of its blocks. */
export function isIpAllowed(ip: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  return checkAddress(ip, compile(allowlist));
}

function compile(allowlist: readonly string[]): BlockList {
  const blocks = new BlockList();
  for (const entry of allowlist) {
    const [base, bits] = entry.split('/');
    const baseFamily = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(base) === 0) continue;
    if (bits === undefined) blocks.addAddress(base, baseFamily);
    else blocks.addSubnet(base, Number(bits), baseFamily);
  }
  return blocks;
}

function checkAddress(ip: string, blocks: BlockList): boolean {
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (isIP(address) === 0) return false;
  return blocks.check(address, family);
}

const MAX_CACHED_CLIENTS = 10_000;
const compiled = new Map<number, { text: string; blocks: BlockList }>();

/**
 * The same check for every authenticated request (ADR 026). The client's list arrives with
 * the session row (no extra query); its compiled form is kept per client and rebuilt when
 * the list's text differs, so a change made by any process applies on the next request.
 */
export function isIpAllowedForClient(clientId: number, ip: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  const text = allowlist.join('\n');
  let entry = compiled.get(clientId);
  if (!entry || entry.text !== text) {
    if (compiled.size >= MAX_CACHED_CLIENTS) compiled.clear();
    entry = { text, blocks: compile(allowlist) };
    compiled.set(clientId, entry);
  }
  return checkAddress(ip, entry.blocks);
}
