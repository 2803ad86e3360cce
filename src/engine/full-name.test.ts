import { describe, expect, it } from 'vitest';
import { readFullName, splitFullName } from './full-name';
import { buildIndex } from './index-builder';
import { screen } from './screen';
import { listRecord } from './test-records';

const read = (name: string) => {
  const r = readFullName(name);
  return [r.firstName, r.middleName, r.lastName, r.suffix];
};

describe('reading a whole name written in one field', () => {
  it('reads given names first without a comma: the last word is the surname, the last two from four names on', () => {
    expect(read('Maria Garcia')).toEqual(['Maria', '', 'Garcia', null]);
    expect(read('Juan Carlos Garcia')).toEqual(['Juan', 'Carlos', 'Garcia', null]);
    expect(read('Maria Elena Garcia Lopez')).toEqual(['Maria', 'Elena', 'Garcia Lopez', null]);
    expect(read('  maria   elena  GARCIA lópez ')).toEqual(['maria', 'elena', 'GARCIA lópez', null]);
    expect(read('Maria E. Garcia Lopez')).toEqual(['Maria', 'E.', 'Garcia Lopez', null]);
    expect(read('Maria Garcia-Lopez')).toEqual(['Maria', '', 'Garcia-Lopez', null]);
    expect(read('John Paul Michael Smith')).toEqual(['John', 'Paul', 'Michael Smith', null]);
  });

  it('keeps one surname when the word before it is an initial', () => {
    expect(read('Mary Ann B. Smith')).toEqual(['Mary', 'Ann B.', 'Smith', null]);
    expect(read('John A Smith')).toEqual(['John', 'A', 'Smith', null]);
  });

  it('keeps particles and joiners with the surname and does not count them as names', () => {
    expect(read('Juan de la Cruz')).toEqual(['Juan', '', 'de la Cruz', null]);
    expect(read('José Luis de la Torre')).toEqual(['José', 'Luis', 'de la Torre', null]);
    expect(read('Juan Carlos de la Cruz Martinez')).toEqual(['Juan', 'Carlos', 'de la Cruz Martinez', null]);
    expect(read('Maria del Carmen Garcia Lopez')).toEqual(['Maria', 'del Carmen', 'Garcia Lopez', null]);
    expect(read('Maria Garcia y Lopez')).toEqual(['Maria', '', 'Garcia y Lopez', null]);
    expect(read('Ludwig van Beethoven')).toEqual(['Ludwig', '', 'van Beethoven', null]);
  });

  it('reads the surname first before a comma', () => {
    expect(read('GARCIA LOPEZ, Maria Elena')).toEqual(['Maria', 'Elena', 'GARCIA LOPEZ', null]);
    expect(read('Smith, John A.')).toEqual(['John', 'A.', 'Smith', null]);
    expect(read('de la Cruz, Juan')).toEqual(['Juan', '', 'de la Cruz', null]);
    expect(read('SMITH,JOHN')).toEqual(['JOHN', '', 'SMITH', null]);
  });

  it('drops titles and credentials and keeps a generation suffix apart', () => {
    expect(read('Dr. Maria Garcia')).toEqual(['Maria', '', 'Garcia', null]);
    expect(read('Mrs Mary Ann Jones')).toEqual(['Mary', 'Ann', 'Jones', null]);
    expect(read('John Smith Jr.')).toEqual(['John', '', 'Smith', 'Jr.']);
    expect(read('Robert James Smith III')).toEqual(['Robert', 'James', 'Smith', 'III']);
    expect(read('John A. Smith, Jr.')).toEqual(['John', 'A.', 'Smith', 'Jr.']);
    expect(read('Smith, John, Jr., M.D.')).toEqual(['John', '', 'Smith', 'Jr.']);
    expect(read('Smith Jr., John')).toEqual(['John', '', 'Smith', 'Jr.']);
    expect(read('Jane Doe MD')).toEqual(['Jane', '', 'Doe', null]);
    expect(read('Jane Doe, PA-C')).toEqual(['Jane', '', 'Doe', null]);
    expect(read('Eric Jones Ph.D.')).toEqual(['Eric', '', 'Jones', null]);
    expect(read('Garcia, Dr. Maria')).toEqual(['Maria', '', 'Garcia', null]);
    // A credential that is also a name stays without a comma: "Do" is a Vietnamese surname.
    expect(read('Anh Do')).toEqual(['Anh', '', 'Do', null]);
    expect(read('John Smith, DO')).toEqual(['John', '', 'Smith', null]);
  });

  it('files a one-word name as the surname, a title alone aside', () => {
    expect(read('Madonna')).toEqual(['', '', 'Madonna', null]);
    expect(read('Dr. Hammadi')).toEqual(['', '', 'Hammadi', null]);
    expect(read('Hammadi,')).toEqual(['', '', 'Hammadi', null]);
  });

  it('leaves nicknames in quotes and asides in parentheses out', () => {
    expect(read('Robert "Bob" Smith')).toEqual(['Robert', '', 'Smith', null]);
    expect(read('Rebecca Anderson (aka Fruge)')).toEqual(['Rebecca', '', 'Anderson', null]);
  });

  it('reads nothing from no name', () => {
    expect(read('')).toEqual(['', '', '', null]);
    expect(read(' , . ')).toEqual(['', '', '', null]);
    expect(readFullName(null).lastName).toBe('');
  });

  it('gives the split form that searches the same: given names together, the suffix after the surname', () => {
    expect(splitFullName('Maria Elena Garcia Lopez')).toEqual({ firstName: 'Maria Elena', lastName: 'Garcia Lopez' });
    expect(splitFullName('GARCIA LOPEZ, Maria Elena')).toEqual({ firstName: 'Maria Elena', lastName: 'GARCIA LOPEZ' });
    expect(splitFullName('Dr. John A. Smith Jr.')).toEqual({ firstName: 'John A.', lastName: 'Smith Jr.' });
    expect(splitFullName('Madonna')).toEqual({ firstName: null, lastName: 'Madonna' });
  });
});

describe('a whole name screened', () => {
  const index = buildIndex([
    listRecord('leie', 'BOTH', 'person', { firstName: 'MARIA', middleName: 'ELENA', lastName: 'GARCIA LOPEZ' }),
    listRecord('leie', 'SECOND', 'person', { firstName: 'MARIA', lastName: 'LOPEZ' }),
    listRecord('leie', 'FIRST', 'person', { firstName: 'MARIA', middleName: 'ELENA', lastName: 'GARCIA' }),
    listRecord('leie', 'DOUBLE', 'person', { firstName: 'MARIA', lastName: 'GARCIA LOPEZ' }),
    listRecord('leie', 'OTHER', 'person', { firstName: 'ROSA', lastName: 'MARTINEZ' }),
    listRecord('leie', 'JR', 'person', { firstName: 'JOHN', lastName: 'SMITH', suffix: 'JR' }),
    listRecord('leie', 'SR', 'person', { firstName: 'JOHN', lastName: 'SMITH', suffix: 'SR' }),
  ]);
  const matches = (name: string): string[] => {
    const r = readFullName(name);
    return screen(index, { type: 'individual', firstName: r.firstName, middleName: r.middleName, lastName: [r.lastName, r.suffix].filter(Boolean).join(' ') })
      .hits.filter((h) => h.isMatch)
      .map((h) => h.record.sourceRecordId)
      .sort();
  };

  it('finds both surnames, either one alone, and the dropped middle name', () => {
    expect(matches('Maria Elena Garcia Lopez')).toEqual(['BOTH', 'DOUBLE', 'FIRST', 'SECOND']);
    expect(matches('GARCIA LOPEZ, Maria Elena')).toEqual(['BOTH', 'DOUBLE', 'FIRST', 'SECOND']);
  });

  it('reads three names as given, middle and surname: the engine reads that middle name as a first surname', () => {
    expect(matches('Maria Garcia Lopez')).toEqual(['DOUBLE', 'SECOND']);
  });

  it('finds a double surname from one of its parts', () => {
    expect(matches('Maria Garcia')).toEqual(expect.arrayContaining(['BOTH', 'DOUBLE']));
    expect(matches('Maria Garcia')).not.toContain('OTHER');
  });

  it('ranks the same generation above another', () => {
    const r = readFullName('John Smith Jr.');
    const hits = screen(index, { type: 'individual', firstName: r.firstName, lastName: `${r.lastName} ${r.suffix}` }).hits;
    expect(hits[0].record.sourceRecordId).toBe('JR');
    expect(hits.find((h) => h.record.sourceRecordId === 'SR')!.score).toBeLessThan(hits[0].score);
  });
});
