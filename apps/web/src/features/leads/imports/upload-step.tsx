import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { IMPORT_UPLOAD_URL, importUploadForm, type LeadImportUpload, useUploadLeadImportMutation } from './api';
import { ACCEPT_ATTRIBUTE, fileProblem, fileSize, IMPORT_MESSAGES } from './import-text';

interface UploadStepProps {
  groupId: number;
  onUploaded: (upload: LeadImportUpload) => void;
}

/** Step 1: a file dropped on the zone or chosen (checked for its type and size first), uploaded at once. */
export function UploadStep({ groupId, onUploaded }: UploadStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [upload, uploadState] = useUploadLeadImportMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState<{ file: File; sent: number } | null>(null);
  const [isDragging, setIsDragging] = useState(false);

  const send = async (file: File): Promise<LeadImportUpload> => {
    try {
      const sent = (fraction: number) => setUploading({ file, sent: fraction });
      return (await uploadWithProgress(
        IMPORT_UPLOAD_URL,
        importUploadForm({ groupId, file }),
        sent,
      )) as LeadImportUpload;
    } catch (error) {
      // An expired session: the API's own call refreshes it (or ends it) as every call does.
      if (isApiError(error) && error.status === 401) return upload({ groupId, file }).unwrap();
      throw error;
    }
  };

  const take = async (file: File | undefined) => {
    if (!file || uploading || uploadState.isLoading) return;
    const fileError = fileProblem(file);
    if (fileError) {
      setProblem(`${file.name}: ${fileError}`);
      return;
    }
    setProblem(null);
    setUploading({ file, sent: 0 });
    try {
      onUploaded(await send(file));
    } catch (error) {
      setProblem(errorMessage(error, IMPORT_MESSAGES.uploadFailed));
    } finally {
      setUploading(null);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <Stack
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        sx={{
          alignItems: 'center',
          gap: 1.5,
          p: { xs: 3, sm: 6 },
          border: '2px dashed',
          borderColor: isDragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          bgcolor: isDragging ? 'action.hover' : undefined,
          textAlign: 'center',
        }}
      >
        <UploadFileIcon color="primary" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="h2">
          Drop a file of leads here
        </Typography>
        <Typography id={hintId} variant="body2" color="text.secondary">
          A .csv, .tsv or .txt file up to 10 MB and 100,000 rows, with a header row. Excel files: save as CSV first.
        </Typography>
        <Button
          variant="contained"
          onClick={() => inputRef.current?.click()}
          disabled={uploading !== null}
          aria-describedby={hintId}
        >
          Choose a file
        </Button>
        <input
          ref={inputRef}
          hidden
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          aria-label="File of leads"
          onChange={(event) => {
            void take(event.target.files?.[0]);
            // The same file may be chosen again after a failed upload.
            event.target.value = '';
          }}
        />
      </Stack>
      <div aria-live="polite">
        {uploading && (
          <Stack sx={{ gap: 1 }}>
            <Typography variant="body2">
              {`Uploading ${uploading.file.name} (${fileSize(uploading.file.size)}): ${Math.round(uploading.sent * 100)}%`}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.round(uploading.sent * 100)}
              aria-label={`Uploading ${uploading.file.name}`}
            />
          </Stack>
        )}
      </div>
      {problem && <Alert severity="error">{problem}</Alert>}
    </Stack>
  );
}
