/**
 * Entries of client IP allowlists, checked the same way in the browser and on the server: an
 * IPv4 or IPv6 address, optionally with /bits. zod's own address and CIDR formats do the work.
 */
import { z } from 'zod';

export const IpOrCidrSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** True for "203.0.113.0/24", "10.1.2.3", "2001:db8::/32" and the like. */
export function isCidr(value: string): boolean {
  return IpOrCidrSchema.safeParse(value.trim()).success;
}
