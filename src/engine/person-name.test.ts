import { describe, expect, it } from 'vitest';
import { parsePersonName, personNameFromFields } from './person-name';

describe('parsePersonName', () => {
  it.each([
    ['Smith, John A.', { first: 'john', middle: ['a'], last: ['smith'], generation: null }],
    ['Dr. John A Smith MD', { first: 'john', middle: ['a'], last: ['smith'], generation: null }],
    ['John Smith, Jr., MD', { first: 'john', middle: [], last: ['smith'], generation: 'jr' }],
    ['SMITH, JOHN III', { first: 'john', middle: [], last: ['smith'], generation: 'iii' }],
    ['Juan de la Cruz', { first: 'juan', middle: [], last: ['de', 'la', 'cruz'], generation: null }],
    ['María García-López', { first: 'maria', middle: [], last: ['garcia', 'lopez'], generation: null }],
    ["Sean O'Brien", { first: 'sean', middle: [], last: ['obrien'], generation: null }],
    ['Tuan Do', { first: 'tuan', middle: [], last: ['do'], generation: null }],
    ['Madonna', { first: '', middle: [], last: ['madonna'], generation: null }],
  ])('%s', (input, expected) => {
    expect(parsePersonName(input)).toEqual(expected);
  });

  it('reads separate fields, keeping a second given name as a middle name', () => {
    expect(personNameFromFields('Mary Ann', null, 'Smith-Jones', 'Sr.')).toEqual({ first: 'mary', middle: ['ann'], last: ['smith', 'jones'], generation: 'sr' });
  });
});
