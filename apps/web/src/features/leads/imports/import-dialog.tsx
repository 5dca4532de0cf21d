import { type LeadImport, ROUTES, routePath } from '@leadcircle/shared';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';
import { errorMessage } from '../../../lib/api-error';
import { type LeadImportUpload, usePreviewLeadImportMutation, useStartLeadImportMutation } from './api';
import { IMPORT_MESSAGES } from './import-text';
import { type ColumnMapping, initialMapping, mappingBody, mappingProblem } from './mapping';
import { MatchStep } from './match-step';
import { ProgressStep } from './progress-step';
import { type DuplicateChoice, ReviewStep } from './review-step';
import { UploadStep } from './upload-step';

const STEPS = ['Upload', 'Match columns', 'Review', 'Import'] as const;

interface ImportDialogProps {
  groupId: number;
  onClose: () => void;
}

/** Rows the import will create with this choice of duplicates. */
const rowsToImport = (summary: LeadImport, duplicates: DuplicateChoice) =>
  summary.newCount + (duplicates === 'IMPORT' ? summary.duplicateCount : 0);

/**
 * Importing a CSV file of leads into a group, full screen: Upload → Match columns → Review → Import. The
 * import runs on the server; closing the dialog does not stop it.
 */
export function ImportDialog({ groupId, onClose }: ImportDialogProps) {
  const titleId = useId();
  const problemId = useId();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState(0);
  const [upload, setUpload] = useState<LeadImportUpload | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>(new Map());
  const [summary, setSummary] = useState<LeadImport | null>(null);
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('SKIP');
  const [started, setStarted] = useState<LeadImport | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [preview, previewState] = usePreviewLeadImportMutation();
  const [start, startState] = useStartLeadImportMutation();

  // Each step announces itself: the focus moves to its heading (not on opening: the dialog has it).
  const focusedStep = useRef(0);
  useEffect(() => {
    if (step === focusedStep.current) return;
    focusedStep.current = step;
    stepHeading.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    setServerError(null);
    setStep(next);
  };

  const onUploaded = (answer: LeadImportUpload) => {
    setUpload(answer);
    setMapping(initialMapping(answer.columns));
    goTo(1);
  };

  const review = async () => {
    if (!upload) return;
    setServerError(null);
    try {
      const answer = await preview({ import_id: upload.import.importId, mapping: mappingBody(mapping) }).unwrap();
      setSummary(answer);
      setDuplicates(answer.duplicates);
      goTo(2);
    } catch (error) {
      setServerError(errorMessage(error, IMPORT_MESSAGES.previewFailed));
    }
  };

  const startImport = async () => {
    if (!summary) return;
    setServerError(null);
    try {
      setStarted(await start({ import_id: summary.importId, duplicates }).unwrap());
      goTo(3);
    } catch (error) {
      setServerError(errorMessage(error, IMPORT_MESSAGES.startFailed));
    }
  };

  const problem = step === 1 ? mappingProblem(mapping) : null;
  const nothingToImport = step === 2 && summary !== null && rowsToImport(summary, duplicates) === 0;

  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          {IMPORT_MESSAGES.dialogTitle}
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
            {STEPS.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Typography ref={stepHeading} tabIndex={-1} component="h2" sx={visuallyHidden}>
            {`Step ${step + 1} of ${STEPS.length}: ${STEPS[step]}`}
          </Typography>
          {serverError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverError}
            </Alert>
          )}
          {step === 0 && <UploadStep groupId={groupId} onUploaded={onUploaded} />}
          {step === 1 && upload && (
            <MatchStep
              columns={upload.columns}
              mapping={mapping}
              onChange={setMapping}
              problem={problem}
              problemId={problemId}
            />
          )}
          {step === 2 && summary && (
            <ReviewStep summary={summary} duplicates={duplicates} onDuplicatesChange={setDuplicates} />
          )}
          {step === 3 && started && (
            <ProgressStep
              started={started}
              leadsPath={routePath(ROUTES.groupLeads, { group_id: groupId })}
              onSeeLeads={onClose}
            />
          )}
          {nothingToImport && (
            <Typography color="error" role="status" sx={{ mt: 2 }}>
              {IMPORT_MESSAGES.nothingToImport}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step === 3 ? (
          <Button onClick={onClose}>CLOSE</Button>
        ) : (
          <Button onClick={onClose} disabled={startState.isLoading}>
            CANCEL
          </Button>
        )}
        {(step === 1 || step === 2) && (
          <Button onClick={() => goTo(step - 1)} disabled={previewState.isLoading || startState.isLoading}>
            BACK
          </Button>
        )}
        {step === 1 && (
          <Button
            variant="contained"
            onClick={() => void review()}
            loading={previewState.isLoading}
            disabled={problem !== null}
            aria-describedby={problem ? problemId : undefined}
          >
            NEXT
          </Button>
        )}
        {step === 2 && (
          <Button
            variant="contained"
            onClick={() => void startImport()}
            loading={startState.isLoading}
            disabled={nothingToImport}
          >
            START IMPORT
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
