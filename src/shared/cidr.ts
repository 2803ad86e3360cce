/**
 * CIDR blocks of client IP allowlists, checked the same way in the browser and on the server
 * (so no node:net here). An entry is an IPv4 or IPv6 address, optionally with /bits.
 */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6_CHARS = /^[0-9a-fA-F:.]+$/;

export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

/** IPv6 in any of its written forms, including an embedded IPv4 tail (::ffff:10.0.0.1). */
export function isIpv6(value: string): boolean {
  if (!value.includes(':') || value.includes(':::') || !IPV6_CHARS.test(value)) return false;
  const doubleColons = value.split('::').length - 1;
  if (doubleColons > 1) return false;
  let groups = value.split(':');
  const last = groups[groups.length - 1];
  let slots = 8;
  if (last.includes('.')) {
    if (!isIpv4(last)) return false;
    groups = groups.slice(0, -1);
    slots = 6;
  }
  if (doubleColons === 0) return groups.length === slots && groups.every(isHexGroup);
  const filled = groups.filter((g) => g !== '');
  // "::" stands for at least one group of zeros.
  return filled.length < slots && filled.every(isHexGroup) && !/^:[^:]|[^:]:$/.test(value);
}

function isHexGroup(group: string): boolean {
  return /^[0-9a-fA-F]{1,4}$/.test(group);
}

/** True for "203.0.113.0/24", "10.1.2.3", "2001:db8::/32" and the like. */
export function isCidr(value: string): boolean {
  const [address, bits, extra] = value.trim().split('/');
  if (extra !== undefined) return false;
  const max = isIpv4(address) ? 32 : isIpv6(address) ? 128 : -1;
  if (max < 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}
