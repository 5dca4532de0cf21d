import type { Invoice } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { invoiceCells } from './invoices-page';

const invoice: Invoice = {
  invoiceId: 'in_1',
  invoiceNumber: 'LC-0001',
  periodStart: '2026-03-05T00:00:00.000Z',
  periodEnd: '2026-04-05T00:00:00.000Z',
  amountPaid: 99.98,
  status: 'paid',
  chargedCard: '4242',
  paymentInfo: 'Visa **** **** **** 4242',
  invoicePdf: '/api/billing/invoices/in_1/pdf',
};

describe('invoiceCells: number, period, amount and masked card', () => {
  it('shows the number, the period MM-DD-YYYY to MM-DD-YYYY, the amount with $ and the masked card', () => {
    expect(invoiceCells(invoice)).toEqual({
      invoiceNumber: 'LC-0001',
      billingPeriod: '03-05-2026 to 04-05-2026',
      amount: '$99.98',
      paymentInformation: 'Visa **** **** **** 4242',
    });
  });

  it('masks the charged card itself when the server sends no text for it', () => {
    expect(invoiceCells({ ...invoice, paymentInfo: null }).paymentInformation).toBe('**** **** **** 4242');
  });

  it('leaves the payment information empty when no card was charged', () => {
    expect(invoiceCells({ ...invoice, chargedCard: null, paymentInfo: null }).paymentInformation).toBe('');
  });
});
