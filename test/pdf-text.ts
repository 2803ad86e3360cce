/** Reading back the PDFs our reports write (pdfkit): text of each page, and the page count. */
import { inflateSync } from 'node:zlib';

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  // Each stream is read by its dictionary's /Length: compressed bytes may end in a CR or LF, which
  // a "stream … endstream" pattern would cut off (and the page would go missing at random).
  for (const m of raw.matchAll(/\/Length (\d+)\s[^<>]*>>\s*stream\r?\n/g)) {
    const start = m.index + m[0].length;
    try {
      out.push(inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1'));
    } catch {
      // not a compressed content stream (fonts, images)
    }
  }
  return out;
}

/** The text of one content stream: each TJ array a line (pdfkit writes text as hex strings). */
function textOf(content: string): string {
  const out: string[] = [];
  for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    out.push([...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
  }
  return out.join('\n');
}

/** All the text of a PDF, streams in file order. */
export function pdfText(pdf: Buffer): string {
  return streams(pdf).map(textOf).filter(Boolean).join('\n');
}

/** The text of each page's content, in order (form objects such as the page total excluded). */
export function pdfPages(pdf: Buffer): string[] {
  return streams(pdf)
    .filter((s) => s.includes('/PageTotal Do'))
    .map(textOf);
}

/** The number the "Page n of N" footers draw as N (the form object written last). */
export function pdfPageTotal(pdf: Buffer): number | null {
  const form = streams(pdf).find((s) => /^BT 1 0 0 -1 0 0 Tm/.test(s));
  return form ? Number(textOf(form)) : null;
}

/** Pages the document declares. */
export const pdfPageCount = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
