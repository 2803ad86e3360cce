import { describe, expect, it } from 'vitest';
import { NpiQuerySchema, SsdmfQuerySchema } from './results-query';

describe('results filters take the spec’s values', () => {
  it('folds the spec’s raw NPI statuses into its groups: VALID = CLEARED or EXCLUDED; ERROR = PENDING or ERROR', () => {
    expect(NpiQuerySchema.parse({ 'npiStatus[]': ['CLEARED', 'EXCLUDED', 'PENDING', 'INACTIVE'] }).npiStatus).toEqual(['VALID', 'VALID', 'ERROR', 'INACTIVE']);
    expect(() => NpiQuerySchema.parse({ npiStatus: 'SOMETHING' })).toThrow();
  });

  it('takes the spec’s labels as found / not found filters', () => {
    expect(SsdmfQuerySchema.parse({ ssdmfStatus: 'Found on SSDMF' }).ssdmfStatus).toBe('FOUND');
    expect(SsdmfQuerySchema.parse({ ssdmfStatus: 'Not Found on SSDMF' }).ssdmfStatus).toBe('NOT_FOUND');
    expect(NpiQuerySchema.parse({ optOutStatus: 'Found on Opt Out List', exclusionStatus: 'No Exclusions Found' })).toMatchObject({ optOutStatus: 'FOUND', exclusionStatus: 'NOT_FOUND' });
    expect(SsdmfQuerySchema.parse({ ssdmfStatus: 'FOUND' }).ssdmfStatus).toBe('FOUND');
  });
});
