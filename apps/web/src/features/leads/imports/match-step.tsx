import { IMPORT_FIELD_LABELS, type ImportColumn, type ImportField } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FitTable } from '../../../components/fit-table';
import { fieldOptions } from './import-text';
import { type ColumnMapping, chooseField } from './mapping';

interface MatchStepProps {
  columns: readonly ImportColumn[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  /** Why NEXT waits, or null. */
  problem: string | null;
  problemId: string;
}

const onWideScreens = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A column's first three values ('—' for an empty one). */
function Samples({ column, sx }: { column: ImportColumn; sx?: SxProps<Theme> }) {
  return (
    <Stack
      component="ul"
      aria-label={`First values of ${columnName(column)}`}
      sx={[{ m: 0, p: 0, listStyle: 'none', color: 'text.secondary' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {column.samples.slice(0, 3).map((sample, index) => (
        // A long value ends in an ellipsis (the whole of it is read out).
        // biome-ignore lint/suspicious/noArrayIndexKey: the first values of one column, fixed
        <Typography component="li" variant="body2" noWrap key={index}>
          {sample || '—'}
        </Typography>
      ))}
    </Stack>
  );
}

/** A column's name as the member knows it: its header, or its place when the header is empty. */
export const columnName = (column: ImportColumn) => column.header.trim() || `Column ${column.index + 1}`;

/** Step 2: each column of the file, its first values, and the field of ours it goes to (one column a field). */
export function MatchStep({ columns, mapping, onChange, problem, problemId }: MatchStepProps) {
  const [notice, setNotice] = useState<string | null>(null);

  const choose = (column: ImportColumn, value: string) => {
    const field = value === '' ? null : (value as ImportField);
    const change = chooseField(mapping, column.index, field);
    const cleared = columns.find((other) => other.index === change.clearedIndex);
    setNotice(
      field && cleared
        ? `${IMPORT_FIELD_LABELS[field]} now comes from "${columnName(column)}"; "${columnName(cleared)}" is no longer imported.`
        : null,
    );
    onChange(change.mapping);
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <Typography>
        Match each column of your file to a lead field. A field can come from one column only; columns set to "Don't
        import" are left out.
      </Typography>
      <FitTable label="Columns of the file" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Column</TableCell>
            <TableCell sx={onWideScreens}>First values</TableCell>
            <TableCell sx={{ minWidth: 170 }}>Import as</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {columns.map((column) => (
            <TableRow key={column.index}>
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {columnName(column)}
                </Typography>
                {/* On a phone the first values sit under the header, leaving room for the select. */}
                <Samples column={column} sx={{ display: { sm: 'none' }, maxWidth: 150 }} />
              </TableCell>
              <TableCell sx={onWideScreens}>
                <Samples column={column} sx={{ maxWidth: 320 }} />
              </TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  fullWidth
                  value={mapping.get(column.index) ?? ''}
                  onChange={(event) => choose(column, event.target.value)}
                  slotProps={{
                    select: { native: true },
                    htmlInput: { 'aria-label': `Import "${columnName(column)}" as` },
                  }}
                >
                  {fieldOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </TextField>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </FitTable>
      <div aria-live="polite">{notice && <Alert severity="info">{notice}</Alert>}</div>
      {problem && (
        <Typography id={problemId} color="error" role="status">
          {problem}
        </Typography>
      )}
    </Stack>
  );
}
