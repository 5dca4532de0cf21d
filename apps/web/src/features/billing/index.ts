// Billing's dialogs and the Invoices page, loaded together as one code-split area (with Stripe Elements).
export { PaymentDialog } from './components/payment-dialog';
export { PaymentSuccessDialog } from './components/payment-success-dialog';
export { InvoicesPage } from './pages/invoices-page';
