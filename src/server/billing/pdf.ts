/** An invoice as a PDF (pdfkit, its built-in Helvetica: no font files to ship). */
import PDFDocument from 'pdfkit';
import { formatCents, formatLongDate } from '#shared/account';
import { periodLabel } from './calendar';

export interface InvoiceDocument {
  number: string;
  period: string;
  issuedOn: string;
  clientName: string;
  status: string;
  paidOn: string | null;
  cardLastFour: string | null;
  totalCents: number;
  lines: { description: string; unitPriceCents: number; quantity: number; totalCents: number }[];
}

const COLUMNS = { description: 50, unit: 330, quantity: 410, total: 470 };

/** Renders the invoice; resolves to the PDF's bytes. */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `Invoice ${invoice.number}`, Author: 'Clearlist' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text('Clearlist', 50, 50);
  doc.font('Helvetica').fontSize(10).text('Exclusion list screening', 50, 74);
  doc.font('Helvetica-Bold').fontSize(16).text('Invoice', 350, 50, { width: 212, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  doc.text(`Number: ${invoice.number}`, 350, 74, { width: 212, align: 'right' });
  doc.text(`Issued: ${formatLongDate(invoice.issuedOn)}`, { width: 212, align: 'right' });
  doc.text(`Period: ${periodLabel(invoice.period)}`, { width: 212, align: 'right' });

  doc.font('Helvetica-Bold').text('Billed to', 50, 130);
  doc.font('Helvetica').text(invoice.clientName, 50, 145);

  let y = 190;
  doc.font('Helvetica-Bold');
  doc.text('Description', COLUMNS.description, y);
  doc.text('Unit price', COLUMNS.unit, y, { width: 70, align: 'right' });
  doc.text('Quantity', COLUMNS.quantity, y, { width: 55, align: 'right' });
  doc.text('Total', COLUMNS.total, y, { width: 92, align: 'right' });
  doc.moveTo(50, y + 15).lineTo(562, y + 15).stroke();
  doc.font('Helvetica');
  y += 24;
  for (const line of invoice.lines) {
    if (y > 680) {
      doc.addPage();
      y = 50;
    }
    const height = doc.heightOfString(line.description, { width: 270 });
    doc.text(line.description, COLUMNS.description, y, { width: 270 });
    doc.text(formatCents(line.unitPriceCents), COLUMNS.unit, y, { width: 70, align: 'right' });
    doc.text(line.quantity.toLocaleString('en-US'), COLUMNS.quantity, y, { width: 55, align: 'right' });
    doc.text(formatCents(line.totalCents), COLUMNS.total, y, { width: 92, align: 'right' });
    y += Math.max(height, 12) + 8;
  }
  doc.moveTo(50, y).lineTo(562, y).stroke();
  doc.font('Helvetica-Bold').text('Total', COLUMNS.quantity - 40, y + 8, { width: 95, align: 'right' });
  doc.text(formatCents(invoice.totalCents), COLUMNS.total, y + 8, { width: 92, align: 'right' });

  doc.font('Helvetica').fontSize(10);
  const card = invoice.cardLastFour ? `the card ending ${invoice.cardLastFour}` : 'the card on file';
  const status =
    invoice.status === 'paid'
      ? `Paid${invoice.paidOn ? ` on ${formatLongDate(invoice.paidOn)}` : ''} with ${card}.`
      : invoice.status === 'failed'
        ? `Payment failed; it will be charged again to ${card}.`
        : `To be charged to ${card}.`;
  doc.text(status, 50, y + 40);
  doc.fontSize(8).fillColor('#555555').text('Monthly term, billed on the first business day of each month. No refunds.', 50, 720);
  doc.end();
  return done;
}
