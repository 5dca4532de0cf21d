import {
  type IMPORT_DUPLICATE_CHOICES,
  type ImportRow,
  type ImportRowKind,
  LEAD_IMPORT_ERRORS_PATH,
  type LeadImport,
  PAGE_SIZE,
} from '@leadcircle/shared';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-error';
import { downloadFile } from '../../../lib/download';
import { useListLeadImportRowsQuery } from './api';
import { formatCount, IMPORT_MESSAGES, reviewSummary, rowOutcome } from './import-text';

export type DuplicateChoice = (typeof IMPORT_DUPLICATE_CHOICES)[number];
type KindFilter = ImportRowKind | 'ALL';

const FILTERS: { kind: KindFilter; label: string; count: (summary: LeadImport) => number }[] = [
  { kind: 'ALL', label: 'All', count: (s) => s.newCount + s.duplicateCount + s.errorCount },
  { kind: 'NEW', label: 'New', count: (s) => s.newCount },
  { kind: 'DUPLICATE', label: 'Duplicates', count: (s) => s.duplicateCount },
  { kind: 'ERROR', label: 'Errors', count: (s) => s.errorCount },
];

const rowKey = (row: ImportRow) => row.rowNumber;
const fullName = (row: ImportRow) => [row.firstName, row.lastName].filter(Boolean).join(' ');

/** The rows with errors as a CSV, named after the file ("leads.csv" → "leads-errors.csv"). */
const errorsFileName = (fileName: string) => `${fileName.replace(/\.[^.]*$/, '') || 'import'}-errors.csv`;

interface ReviewStepProps {
  summary: LeadImport;
  duplicates: DuplicateChoice;
  onDuplicatesChange: (choice: DuplicateChoice) => void;
}

/** Step 3: what every row will become against the group as it is now, by kind, 50 a page. */
export function ReviewStep({ summary, duplicates, onDuplicatesChange }: ReviewStepProps) {
  const [kind, setKind] = useState<KindFilter>('ALL');
  const [page, setPage] = useState(0);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const duplicatesLabelId = useId();
  const rows = useListLeadImportRowsQuery({
    import_id: summary.importId,
    kind,
    start_position: page * PAGE_SIZE,
    get_next: PAGE_SIZE,
  });

  const columns = useMemo<PagedTableColumn<ImportRow>[]>(
    () => [
      { header: 'Row', cell: (row) => formatCount(row.rowNumber) },
      { header: 'Name', cell: fullName },
      { header: 'Company', cell: (row) => row.company },
      { header: 'Email', cell: (row) => row.email },
      { header: 'Phone', cell: (row) => row.phone },
      {
        header: 'What will happen',
        cell: (row) => (
          <Typography
            variant="body2"
            color={row.kind === 'ERROR' ? 'error' : row.kind === 'DUPLICATE' ? 'warning.dark' : undefined}
          >
            {rowOutcome(row, duplicates)}
          </Typography>
        ),
        sx: { minWidth: 220 },
      },
    ],
    [duplicates],
  );

  const download = async () => {
    setDownloadError(null);
    setIsDownloading(true);
    try {
      await downloadFile(
        `/api${LEAD_IMPORT_ERRORS_PATH}?import_id=${summary.importId}`,
        errorsFileName(summary.fileName),
      );
    } catch {
      setDownloadError(IMPORT_MESSAGES.downloadFailed);
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <Typography variant="h6" component="h2" aria-live="polite">
        {reviewSummary(summary)}
      </Typography>
      <FormControl>
        <FormLabel id={duplicatesLabelId}>Duplicates</FormLabel>
        <RadioGroup
          aria-labelledby={duplicatesLabelId}
          value={duplicates}
          onChange={(event) => onDuplicatesChange(event.target.value as DuplicateChoice)}
          sx={{ flexDirection: { sm: 'row' } }}
        >
          <FormControlLabel value="SKIP" control={<Radio />} label="Skip duplicates" />
          <FormControlLabel value="IMPORT" control={<Radio />} label="Import duplicates too" />
        </RadioGroup>
      </FormControl>
      <Typography variant="body2" color="text.secondary">
        Rows with errors are never imported: download them, fix them and import them again.
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={kind}
          aria-label="Show rows"
          onChange={(_event, value: KindFilter | null) => {
            if (!value) return;
            setKind(value);
            setPage(0);
          }}
          sx={{ flexWrap: 'wrap' }}
        >
          {FILTERS.map((filter) => (
            <ToggleButton key={filter.kind} value={filter.kind}>
              {`${filter.label} (${formatCount(filter.count(summary))})`}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button
          startIcon={<FileDownloadIcon />}
          onClick={() => void download()}
          loading={isDownloading}
          disabled={summary.errorCount === 0}
        >
          DOWNLOAD ROWS WITH ERRORS
        </Button>
      </Stack>
      {downloadError && <Alert severity="error">{downloadError}</Alert>}
      <PagedTable
        label="Rows of the file"
        columns={columns}
        rows={rows.currentData?.rows ?? []}
        rowKey={rowKey}
        isLoading={rows.isFetching && !rows.currentData}
        errorText={rows.isError ? errorMessage(rows.error, IMPORT_MESSAGES.rowsFailed) : undefined}
        emptyText="No rows of this kind."
        totalCount={rows.currentData?.totalCount ?? 0}
        page={page}
        onPageChange={setPage}
      />
    </Stack>
  );
}
