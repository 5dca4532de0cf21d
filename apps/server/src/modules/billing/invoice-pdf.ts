// pdfkit (and its fonts) loads on the first invoice PDF, not at start.
const loadPdfKit = () => import('pdfkit').then((m) => m.default);

// The invoice as a PDF, made by the server (pdfkit, its built-in Helvetica: no font files to ship).

export interface InvoicePdfData {
  number: string;
  businessName: string;
  issuedAt: Date;
  periodStart: Date;
  periodEnd: Date;
  quantity: number | null;
  amountCents: number;
  status: string;
  paidAt: Date | null;
  /** The masked card that paid it, e.g. `Visa **** **** **** 4242`. */
  card: string | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** MM-DD-YYYY in UTC, as the Invoices page shows billing periods. */
export function formatBillingDate(date: Date): string {
  return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${pad(date.getUTCFullYear(), 4)}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatDollars = (cents: number) => usd.format(cents / 100);

const STATUS_TEXT: Record<string, string> = {
  paid: 'Paid',
  open: 'Payment due',
  void: 'Void',
  uncollectible: 'Not paid',
};

export async function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `Invoice ${data.number}`, Author: 'LeadCircle', CreationDate: data.issuedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const period = `${formatBillingDate(data.periodStart)} to ${formatBillingDate(data.periodEnd)}`;
  const amount = formatDollars(data.amountCents);
  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 56, y, { width: 160 });
    doc.font('Helvetica').text(value, 220, y, { width: 336 });
    doc.moveDown(0.4);
  };

  doc.font('Helvetica-Bold').fontSize(22).text('LeadCircle');
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text('Lead exchange for sales professionals');
  doc.moveDown(1.5);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(`Invoice ${data.number}`);
  doc.moveDown(1);
  doc.fontSize(11);
  row('Invoice number', data.number);
  row('Date of issue', formatBillingDate(data.issuedAt));
  row('Billed to', data.businessName);
  row('Billing period', period);
  row('Status', STATUS_TEXT[data.status] ?? data.status);
  if (data.paidAt) row('Paid on', formatBillingDate(data.paidAt));
  row('Payment method', data.card ?? '-');
  doc.moveDown(1);

  const description =
    data.quantity !== null
      ? `LeadCircle subscription: ${data.quantity} ${data.quantity === 1 ? 'user' : 'users'} x ${formatDollars(
          Math.round(data.amountCents / Math.max(1, data.quantity)),
        )} per user per month`
      : 'LeadCircle subscription';
  doc.font('Helvetica').text(description);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(13).text(`Amount: ${amount}`);
  doc.end();
  return done;
}
