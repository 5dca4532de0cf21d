import { GRID_ROW_HEIGHT, type Invoice, maskCard, PAGE_SIZE } from '@leadcircle/shared';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { FitTable, WholeWords } from '../../../components/fit-table';
import { TableLoadingRow, TableMessageRow } from '../../../components/table-message-row';
import { TablePager } from '../../../components/table-pager';
import { useNotify } from '../../../components/use-notify';
import { useAppDispatch } from '../../../core/hooks';
import { modalOpened } from '../../../core/modals-slice';
import { formatBillingPeriod, formatMoney } from '../../../lib/billing-format';
import { downloadFile } from '../../../lib/download';
import { reportError } from '../../../lib/error-reporter';
import { useGetBillingInfoQuery, useGetInvoicesQuery } from '../api';

// When the invoices cannot be loaded, the grid shows one row whose number is 'No record'.
export const NO_RECORD = 'No record';

const columns = ['Invoice Number', 'Billing Period', 'Amount', 'Payment Information', 'Download'] as const;
// On a phone's width the card is left out (the PDF names it).
const phoneHidden = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The row cells of one invoice, as shows them. */
export function invoiceCells(invoice: Invoice) {
  return {
    invoiceNumber: invoice.invoiceNumber,
    billingPeriod: formatBillingPeriod(invoice.periodStart, invoice.periodEnd),
    amount: formatMoney(invoice.amountPaid),
    // The server's own text (the masked card with its brand, or why nothing was charged) comes first.
    paymentInformation: invoice.paymentInfo ?? maskCard(invoice.chargedCard),
  };
}

function DownloadButton({ invoice }: { invoice: Invoice }) {
  const notify = useNotify();
  const [isLoading, setIsLoading] = useState(false);
  const { invoicePdf } = invoice;
  if (!invoicePdf) return null;
  const label = `Download invoice ${invoice.invoiceNumber}`;
  const download = async () => {
    setIsLoading(true);
    try {
      await downloadFile(invoicePdf, `invoice-${invoice.invoiceNumber}.pdf`);
    } catch (error) {
      reportError(error, { during: 'downloading an invoice' });
      notify.error(`The invoice ${invoice.invoiceNumber} could not be downloaded.`);
    } finally {
      setIsLoading(false);
    }
  };
  return (
    <Tooltip title="Download PDF">
      <IconButton aria-label={label} onClick={() => void download()} loading={isLoading}>
        <DownloadIcon />
      </IconButton>
    </Tooltip>
  );
}

/** Invoices (admin): the business's invoices, and MANAGE PAYMENT while subscribed. */
export function InvoicesPage() {
  const dispatch = useAppDispatch();
  const invoices = useGetInvoicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: billing } = useGetBillingInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const [page, setPage] = useState(0);

  const rows = invoices.data?.invoices ?? [];
  const pageRows = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const rowSx = { height: GRID_ROW_HEIGHT };

  let body: ReactNode;
  if (invoices.isLoading) {
    body = <TableLoadingRow colSpan={columns.length} />;
  } else if (invoices.isError) {
    body = (
      <TableRow sx={rowSx}>
        <TableCell>{NO_RECORD}</TableCell>
        <TableCell colSpan={columns.length - 1} />
      </TableRow>
    );
  } else if (rows.length === 0) {
    body = <TableMessageRow colSpan={columns.length}>No invoices yet</TableMessageRow>;
  } else {
    body = pageRows.map((invoice) => {
      const cells = invoiceCells(invoice);
      return (
        <TableRow key={invoice.invoiceId} hover sx={rowSx}>
          <TableCell>
            <WholeWords text={cells.invoiceNumber} />
          </TableCell>
          <TableCell>
            <WholeWords text={cells.billingPeriod} />
          </TableCell>
          <TableCell>{cells.amount}</TableCell>
          <TableCell sx={phoneHidden}>{cells.paymentInformation}</TableCell>
          <TableCell padding="checkbox" align="center">
            <DownloadButton invoice={invoice} />
          </TableCell>
        </TableRow>
      );
    });
  }

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}
      >
        <Typography component="h1" variant="h4">
          Invoices
        </Typography>
        {billing?.active && (
          <Button variant="contained" onClick={() => dispatch(modalOpened('updatePayment'))}>
            MANAGE PAYMENT
          </Button>
        )}
      </Stack>
      <Paper>
        <FitTable label="Invoices">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column}
                  align={column === 'Download' ? 'center' : 'left'}
                  sx={column === 'Payment Information' ? phoneHidden : undefined}
                >
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </FitTable>
        {rows.length > PAGE_SIZE && (
          <TablePager count={rows.length} page={page} rowsPerPage={PAGE_SIZE} onPageChange={setPage} />
        )}
      </Paper>
    </Box>
  );
}
