/** Small files that expand to far more when read (ADR 112): a PDF stream, an XLSX sheet, a ZIP entry. */
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { readZipDirectory, zipEntryChunks } from '#lists/core/zip';
import { writeWorkbook } from './workbooks';

/** `bytes` of `unit` repeated, deflated (zlib or raw), with the CRC-32 of the whole. */
function deflateRepeated(unit: string, bytes: number, raw: boolean): { packed: Buffer; crc: number; size: number } {
  const data = Buffer.alloc(bytes, unit);
  return { packed: raw ? deflateRawSync(data, { level: 1 }) : deflateSync(data, { level: 1 }), crc: crc32(data), size: data.length };
}

/** A one-page PDF whose content stream inflates to `bytes` of text shown in a standard font. */
export function pdfBomb(bytes: number): Buffer {
  const head = 'BT /F1 1 Tf 0 0 Td\n';
  const tail = '\nET\n';
  const shown = '(AAAAAAAAAA) Tj\n';
  const content = Buffer.concat([Buffer.from(head), Buffer.alloc(Math.ceil(bytes / shown.length) * shown.length, shown), Buffer.from(tail)]);
  const packed = deflateSync(content, { level: 1 });
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (chunk: Buffer | string) => {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, 'latin1');
    parts.push(buffer);
    length += buffer.length;
  };
  const object = (n: number, body: Buffer | string) => {
    offsets[n] = length;
    add(`${n} 0 obj\n`);
    add(body);
    add('\nendobj\n');
  };
  add('%PDF-1.4\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>');
  object(4, Buffer.concat([Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`), packed, Buffer.from('\nendstream')]));
  object(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = length;
  add(`xref\n0 6\n0000000000 65535 f \n${offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  add(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

interface ZipPart {
  name: string;
  packed: Buffer;
  crc: number;
  size: number;
}

function writeZip(files: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(file.crc >>> 0, 14);
    local.writeUInt32LE(file.packed.length, 18);
    local.writeUInt32LE(file.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(file.crc >>> 0, 16);
    central.writeUInt32LE(file.packed.length, 20);
    central.writeUInt32LE(file.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.packed);
    centrals.push(central, name);
    offset += 30 + name.length + file.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A ZIP of one file `name` that inflates to `bytes` of `unit` repeated. */
export function zipBomb(name: string, bytes: number, unit = '0'): Buffer {
  return writeZip([{ name, ...deflateRepeated(unit, bytes, true) }]);
}

/**
 * A workbook whose first sheet holds one cell of `bytes` letters (inline), told truthfully in
 * its sizes: each part of it is valid, there is just too much of it.
 */
export async function xlsxBomb(bytes: number, header: readonly string[]): Promise<Buffer> {
  const book = writeWorkbook([{ name: 'List', rows: [[...header]] }]);
  const parts: ZipPart[] = [];
  for (const entry of await readZipDirectory(book)) {
    if (entry.name.endsWith('/')) continue;
    if (/worksheets\/sheet1\.xml$/.test(entry.name)) {
      const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`;
      const tail = '</t></is></c></row></sheetData></worksheet>';
      const whole = Buffer.alloc(head.length + bytes + tail.length, 'A');
      whole.write(head, 0);
      whole.write(tail, whole.length - tail.length);
      parts.push({ name: entry.name, packed: deflateRawSync(whole, { level: 1 }), crc: crc32(whole), size: whole.length });
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of zipEntryChunks(book, entry)) chunks.push(chunk);
    const data = Buffer.concat(chunks);
    parts.push({ name: entry.name, packed: deflateRawSync(data), crc: crc32(data), size: data.length });
  }
  return writeZip(parts);
}
