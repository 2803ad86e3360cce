import { SaxesParser } from 'saxes';
import type { ListRecord } from '#shared/list-record';
import { parseDate } from '../core/dates';
import { RecordDeduper } from '../core/dedupe';
import { wrongSource } from '../core/errors';
import type { FileContext } from '../core/parse-run';
import { openInput, type ListInput } from '../core/read-lines';
import { clean } from '../core/text';
import { mapOfacEntry, type OfacEntry, type OfacSourceId } from './entry';
import { parseOfacDate } from './remarks';

export const OFAC_XML_ROOT = '<sdnList xmlns="http://tempuri.org/sdnList.xsd">';

/** A small element tree, built for one <sdnEntry> at a time (entries are small). */
interface XmlNode {
  name: string;
  text: string;
  children: XmlNode[];
}

const kids = (node: XmlNode | undefined, name: string): XmlNode[] => node?.children.filter((c) => c.name === name) ?? [];
const kid = (node: XmlNode | undefined, name: string): XmlNode | undefined => node?.children.find((c) => c.name === name);
const textOf = (node: XmlNode | undefined, name: string): string | null => clean(kid(node, name)?.text);
const joined = (parts: (string | null)[], separator = ', '): string | null => parts.filter(Boolean).join(separator) || null;

function toEntry(node: XmlNode): OfacEntry {
  const vessel: Record<string, string> = {};
  for (const field of kid(node, 'vesselInfo')?.children ?? []) if (clean(field.text)) vessel[field.name] = clean(field.text) ?? '';
  const dobItems = kids(kid(node, 'dateOfBirthList'), 'dateOfBirthItem').sort((a, b) => Number(textOf(b, 'mainEntry') === 'true') - Number(textOf(a, 'mainEntry') === 'true'));
  return {
    entNum: textOf(node, 'uid') ?? '',
    lastName: textOf(node, 'lastName') ?? '',
    firstName: textOf(node, 'firstName'),
    sdnType: textOf(node, 'sdnType') ?? 'Entity',
    title: textOf(node, 'title'),
    remarks: textOf(node, 'remarks'),
    programs: kids(kid(node, 'programList'), 'program').map((p) => clean(p.text)).filter((p): p is string => p !== null),
    akas: kids(kid(node, 'akaList'), 'aka').map((aka) => ({
      type: textOf(aka, 'type') ?? 'a.k.a.',
      category: textOf(aka, 'category') ?? 'strong',
      name: joined([textOf(aka, 'lastName'), textOf(aka, 'firstName')]) ?? '',
    })),
    addresses: kids(kid(node, 'addressList'), 'address').map((a) => ({
      address: joined([textOf(a, 'address1'), textOf(a, 'address2'), textOf(a, 'address3')]),
      // The legacy CSV's one "City/State/Province/Postal Code" column, built the same way.
      city: joined([joined([textOf(a, 'city'), textOf(a, 'stateOrProvince')]), textOf(a, 'postalCode')], ' '),
      country: textOf(a, 'country'),
    })),
    datesOfBirth: dobItems.map((d) => parseOfacDate(textOf(d, 'dateOfBirth') ?? '')).filter((d): d is string => d !== null),
    ids: kids(kid(node, 'idList'), 'id').map((id) => joined([textOf(id, 'idType'), textOf(id, 'idNumber'), textOf(id, 'idCountry') && `(${textOf(id, 'idCountry')})`], ' ') ?? ''),
    vessel,
  };
}

/**
 * Streams sdn.xml / consolidated.xml (the sdnList schema) with saxes. The publish date
 * becomes the as-of date; a Record_Count that disagrees with the entries read is reported.
 * Malformed or truncated XML stops this file at the error, which is reported with its line.
 */
export async function* parseOfacXml(input: ListInput, source: OfacSourceId, context: FileContext): AsyncGenerator<ListRecord> {
  const parser = new SaxesParser({ position: true });
  const deduper = new RecordDeduper(context);
  const decoder = new TextDecoder('utf-8');
  const ready: { record: ListRecord; line: number }[] = [];
  const stack: XmlNode[] = [];
  let isRootSeen = false;
  let entryLine = 0;
  let entries = 0;
  let declaredCount: number | null = null;
  let hasContent = false;

  parser.on('opentag', (tag) => {
    if (!isRootSeen) {
      if (tag.name !== 'sdnList') throw wrongSource(`OFAC XML`, context.file, OFAC_XML_ROOT, `<${tag.name}>`);
      isRootSeen = true;
    }
    if (tag.name === 'sdnEntry') entryLine = parser.line;
    stack.push({ name: tag.name, text: '', children: [] });
  });
  parser.on('text', (text) => {
    if (stack.length > 0) stack[stack.length - 1].text += text;
  });
  parser.on('closetag', () => {
    const node = stack.pop();
    if (!node) return;
    const parent = stack[stack.length - 1];
    if (node.name === 'sdnEntry') {
      entries += 1;
      const entry = toEntry(node);
      if (!entry.entNum || !entry.lastName) context.reject(entryLine, 'sdnEntry without uid or lastName');
      else ready.push({ record: mapOfacEntry(entry, source, context.dateAcquired), line: entryLine });
    } else if (node.name === 'Publish_Date') {
      try {
        context.noteAsOf(parseDate(node.text, 'MM/DD/YYYY'));
      } catch {
        context.warn(parser.line, `Publish_Date "${node.text.trim()}" is not MM/DD/YYYY`);
      }
    } else if (node.name === 'Record_Count') {
      declaredCount = Number(node.text.trim());
    } else if (parent && stack.some((n) => n.name === 'sdnEntry')) {
      parent.children.push(node);
    }
  });

  const drain = function* (): Generator<ListRecord> {
    for (const { record, line } of ready.splice(0)) {
      const admitted = deduper.admit(record, line);
      if (admitted) yield admitted;
    }
  };
  try {
    for await (const chunk of openInput(input)) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      hasContent ||= text.trim() !== '';
      if (!hasContent) continue;
      parser.write(text);
      yield* drain();
    }
    if (!hasContent) {
      context.warn(0, 'file is empty');
      return;
    }
    parser.close();
  } catch (error) {
    if (!isRootSeen) throw wrongSource('OFAC XML', context.file, OFAC_XML_ROOT, String((error as Error).message));
    if ((error as Error).name === 'WrongSourceError') throw error;
    const where = stack.some((n) => n.name === 'sdnEntry') ? `inside the <sdnEntry> starting at line ${entryLine}` : 'in the file';
    context.reject(parser.line, `XML error ${where} (truncated or malformed file; the rest of the file is skipped): ${(error as Error).message}`);
  }
  yield* drain();
  if (declaredCount !== null && declaredCount !== entries) {
    context.warn(0, `Record_Count says ${declaredCount} entries but ${entries} were read`);
  }
}
