import { describe, expect, it } from 'vitest';
import { isCidr } from './cidr';

describe('isCidr', () => {
  it.each(['203.0.113.0/24', '10.0.0.1', '0.0.0.0/0', '2001:db8::/32', '::1', '::', 'fe80::1/128', '::ffff:10.0.0.1', '1:2:3:4:5:6:7:8'])(
    'accepts %s',
    (value) => expect(isCidr(value)).toBe(true),
  );
  it.each(['', '10.0.0', '256.1.1.1', '10.0.0.1/33', '10.0.0.1/', '10.0.0.1/2/3', '01.2.3.4', '2001:db8:::1', '1:2:3:4:5:6:7:8:9', ':1', 'example.org', '2001:db8::/129', '10.0.0.1/-1'])(
    'refuses %s',
    (value) => expect(isCidr(value)).toBe(false),
  );
});
