/** Person names of a record view (primary and AKAs), for records found by identifier alone. */
import { parsePersonName, personNameFromFields, type PersonName } from './person-name';
import type { RecordView } from './record-view';

/** Every person name a record carries, with the list field each came from. */
export function nameFromRecordView(v: RecordView): { name: PersonName; listField: string }[] {
  const out: { name: PersonName; listField: string }[] = [];
  const primary = personNameFromFields(v.firstName, v.middleName, v.lastName, v.suffix);
  if (primary.first || primary.last.length) out.push({ name: primary, listField: 'name' });
  v.akas.forEach((aka, i) => {
    const parsed = parsePersonName(aka);
    const name = !parsed.first && parsed.last.length === 1 && primary.first ? { ...primary, last: parsed.last } : parsed;
    out.push({ name, listField: `akas[${i}]` });
  });
  return out;
}
