import {
  BUSINESS_MESSAGES,
  CRM_ACCESS_TOKEN_MAX,
  CRM_EXTERNAL_ID_FIELD_MAX,
  CRM_EXTERNAL_ID_FIELD_MESSAGE,
  CRM_EXTERNAL_ID_FIELD_PATTERN,
  CRM_MAPPING_MAX,
  CRM_PROVIDER_NAMES,
  CRM_STATUS_KEY_MAX,
  CRM_TEXTS,
  type CrmConnection,
  type CrmProvider,
  LEAD_OUTCOME_STAGE_LABELS,
  LEAD_OUTCOME_STAGES,
  type LeadOutcomeStage,
} from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { PageSpinner } from '../../../components/page-spinner';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useClientConfig } from '../../../lib/client-config';
import { dateFormat } from '../../../lib/intl-format';
import {
  useCheckCrmQuery,
  useConnectCrmTokenMutation,
  useDisconnectCrmMutation,
  useGetCrmConnectionQuery,
  useStartCrmConnectMutation,
  useSyncCrmMutation,
  useUpdateCrmSettingsMutation,
} from '../api';

const CRM_OPTIONS: { provider: CrmProvider; name: string; text: string }[] = [
  {
    provider: 'SALESFORCE',
    name: 'Salesforce',
    text: 'Send the leads your groups share to Salesforce as leads or contacts.',
  },
  { provider: 'HUBSPOT', name: 'Hubspot', text: 'Send the leads your groups share to HubSpot as contacts.' },
];
const formatTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
const when = (at: string | null) => (at ? formatTime(new Date(at)) : CRM_TEXTS.never);

/**
 * CONNECT SALESFORCE / HUBSPOT (or Reconnect …): the CRM's sign-in page, which comes back to
 * /admin/crms/<crm>/callback.
 */
function ConnectButton({ provider, reconnect = false }: { provider: CrmProvider; reconnect?: boolean }) {
  const notify = useNotify();
  const [start, state] = useStartCrmConnectMutation();
  const connect = async () => {
    try {
      const { url } = await start({ provider }).unwrap();
      window.location.assign(url);
    } catch (error) {
      notify.error(errorMessage(error, 'The CRM could not be connected. Try again.'));
    }
  };
  const label = reconnect ? CRM_TEXTS.reconnect(provider) : CRM_TEXTS.connect(provider);
  return (
    <Button variant="contained" onClick={connect} disabled={state.isLoading}>
      {state.isLoading ? CRM_TEXTS.connecting : label}
    </Button>
  );
}

/** HubSpot without OAuth on this server: the admin pastes a private app's access token. */
function HubSpotTokenForm() {
  const notify = useNotify();
  const [token, setToken] = useState('');
  const [connect, state] = useConnectCrmTokenMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await connect({ token }).unwrap();
      notify.success('HubSpot is connected.');
    } catch (error) {
      notify.error(errorMessage(error, 'HubSpot could not be connected. Try again.'));
    }
  };
  return (
    <Stack component="form" onSubmit={submit} spacing={1} sx={{ width: '100%' }}>
      <TextField
        label={CRM_TEXTS.tokenLabel}
        value={token}
        onChange={(e) => setToken(e.target.value)}
        type="password"
        autoComplete="off"
        size="small"
        slotProps={{ htmlInput: { maxLength: CRM_ACCESS_TOKEN_MAX } }}
        required
      />
      <Button type="submit" variant="contained" disabled={state.isLoading || token.trim() === ''}>
        {CRM_TEXTS.tokenConnect}
      </Button>
    </Stack>
  );
}

/** Salesforce: the Lead field holding LeadCircle's lead id, by which a lead not sent before is upserted. */
function ExternalIdFieldForm({ connection }: { connection: CrmConnection }) {
  const notify = useNotify();
  const [update, state] = useUpdateCrmSettingsMutation();
  const [value, setValue] = useState(connection.externalIdField ?? '');
  const [invalid, setInvalid] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const name = value.trim();
    // Empty clears the field; anything else must be a custom field's API name.
    if (name !== '' && !CRM_EXTERNAL_ID_FIELD_PATTERN.test(name)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    try {
      await update({ external_id_field: name }).unwrap();
      notify.success(CRM_TEXTS.externalIdSaved);
    } catch (error) {
      notify.error(errorMessage(error, 'The external ID field could not be saved.'));
    }
  };
  return (
    <Stack component="form" onSubmit={submit} spacing={1} noValidate>
      <TextField
        id="crm-external-id-field"
        label={CRM_TEXTS.externalIdLabel}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={invalid}
        helperText={invalid ? CRM_EXTERNAL_ID_FIELD_MESSAGE : CRM_TEXTS.externalIdHelp}
        size="small"
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: CRM_EXTERNAL_ID_FIELD_MAX, spellCheck: false } }}
        sx={{ maxWidth: 480 }}
      />
      <Box>
        <Button type="submit" variant="outlined" disabled={state.isLoading}>
          {CRM_TEXTS.externalIdSave}
        </Button>
      </Box>
    </Stack>
  );
}

interface MappingRowValue {
  /** Stable while the row lives: typing or removing another row leaves this one's fields alone. */
  id: number;
  status: string;
  stage: LeadOutcomeStage;
}

interface MappingRowProps {
  row: MappingRowValue;
  position: number;
  onChange: (id: number, change: Partial<MappingRowValue>) => void;
  onRemove: (id: number) => void;
}

/** One CRM status and its step; drawn again only when its own values or its position change. */
const MappingRow = memo(function MappingRow({ row, position, onChange, onRemove }: MappingRowProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        label={`CRM status ${position}`}
        size="small"
        value={row.status}
        onChange={(e) => onChange(row.id, { status: e.target.value })}
        slotProps={{ htmlInput: { maxLength: CRM_STATUS_KEY_MAX } }}
        sx={{ flex: 1 }}
      />
      {/* A native list: the phone's own picker, and light to draw fifty times. */}
      <TextField
        select
        label={`Outcome step ${position}`}
        size="small"
        value={row.stage}
        onChange={(e) => onChange(row.id, { stage: e.target.value as LeadOutcomeStage })}
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 160 }}
      >
        {LEAD_OUTCOME_STAGES.map((s) => (
          <option key={s} value={s}>
            {LEAD_OUTCOME_STAGE_LABELS[s]}
          </option>
        ))}
      </TextField>
      <Button onClick={() => onRemove(row.id)}>REMOVE</Button>
    </Stack>
  );
});

/** CRM status → outcome step, as the admin keeps it. */
function MappingEditor({ connection }: { connection: CrmConnection }) {
  const notify = useNotify();
  const [update, state] = useUpdateCrmSettingsMutation();
  const nextId = useRef(0);
  const newRow = (status: string, stage: LeadOutcomeStage): MappingRowValue => ({
    id: nextId.current++,
    status,
    stage,
  });
  const [rows, setRows] = useState(() =>
    Object.entries(connection.mapping).map(([status, stage]) => newRow(status, stage)),
  );
  const onChange = useCallback(
    (id: number, change: Partial<MappingRowValue>) =>
      setRows((current) => current.map((r) => (r.id === id ? { ...r, ...change } : r))),
    [],
  );
  const onRemove = useCallback((id: number) => setRows((current) => current.filter((r) => r.id !== id)), []);
  const save = async () => {
    try {
      const mapping = Object.fromEntries(rows.filter((r) => r.status.trim() !== '').map((r) => [r.status, r.stage]));
      await update({ mapping }).unwrap();
      notify.success('The mapping is saved.');
    } catch (error) {
      notify.error(errorMessage(error, 'The mapping could not be saved.'));
    }
  };
  return (
    <Box component="section" aria-labelledby="crm-mapping-title">
      <Typography id="crm-mapping-title" component="h2" variant="h6" gutterBottom>
        {CRM_TEXTS.mappingTitle}
      </Typography>
      <Stack spacing={1}>
        {rows.map((row, index) => (
          <MappingRow key={row.id} row={row} position={index + 1} onChange={onChange} onRemove={onRemove} />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button
          onClick={() => setRows((current) => [...current, newRow('', 'CONTACTED')])}
          disabled={rows.length >= CRM_MAPPING_MAX}
        >
          ADD STATUS
        </Button>
        <Button variant="contained" onClick={save} disabled={state.isLoading}>
          SAVE MAPPING
        </Button>
      </Stack>
    </Box>
  );
}

/** The connected CRM: account, last worked, reconnect when needed, DISCONNECT, SYNC NOW, auto-send, mapping. */
function ConnectedCrm({ connection }: { connection: CrmConnection }) {
  const notify = useNotify();
  const [disconnect, disconnectState] = useDisconnectCrmMutation();
  const [sync, syncState] = useSyncCrmMutation();
  const [update, updateState] = useUpdateCrmSettingsMutation();
  const name = CRM_PROVIDER_NAMES[connection.provider];
  const onSync = async () => {
    try {
      const { checked, recorded } = await sync().unwrap();
      notify.success(CRM_TEXTS.syncDone(checked, recorded));
    } catch (error) {
      notify.error(errorMessage(error, 'The CRM could not be read. Try again.'));
    }
  };
  const onDisconnect = async () => {
    try {
      await disconnect().unwrap();
      notify.success(`${name} is disconnected.`);
    } catch (error) {
      notify.error(errorMessage(error, 'The CRM could not be disconnected. Try again.'));
    }
  };
  const onAutoSend = async (autoSend: boolean) => {
    try {
      await update({ auto_send: autoSend }).unwrap();
    } catch (error) {
      notify.error(errorMessage(error, 'The setting could not be saved.'));
    }
  };
  return (
    <Stack spacing={3} sx={{ mb: 3 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography component="h2" variant="h6">
            {name}
          </Typography>
          <Typography>
            {CRM_TEXTS.connectedAs} <strong>{connection.accountName || name}</strong>
          </Typography>
          <Typography color="text.secondary">
            {CRM_TEXTS.lastWorked}: {when(connection.lastWorkedAt)}
          </Typography>
          {connection.status === 'RECONNECT_NEEDED' && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {name} refused our access: sending waits until you reconnect.
            </Alert>
          )}
        </CardContent>
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {connection.status === 'RECONNECT_NEEDED' && <ConnectButton provider={connection.provider} reconnect />}
          <Button
            variant="outlined"
            onClick={onSync}
            disabled={syncState.isLoading || connection.status !== 'CONNECTED'}
          >
            {CRM_TEXTS.syncNow}
          </Button>
          <Button color="error" onClick={onDisconnect} disabled={disconnectState.isLoading}>
            {CRM_TEXTS.disconnect}
          </Button>
        </CardActions>
      </Card>
      <FormControlLabel
        control={
          <Switch
            checked={connection.autoSend}
            onChange={(e) => void onAutoSend(e.target.checked)}
            disabled={updateState.isLoading}
          />
        }
        label={CRM_TEXTS.autoSend}
      />
      {connection.provider === 'SALESFORCE' && (
        <ExternalIdFieldForm key={connection.externalIdField ?? ''} connection={connection} />
      )}
      <MappingEditor key={JSON.stringify(connection.mapping)} connection={connection} />
    </Stack>
  );
}

/** CRM integration (admin): the connected CRM and its settings; if none, the options to connect and a support dialog. */
export function CrmsPage() {
  const notify = useNotify();
  const { supportEmail } = useClientConfig();
  const crm = useCheckCrmQuery(undefined, { refetchOnMountOrArgChange: true });
  const connection = useGetCrmConnectionQuery(undefined, { refetchOnMountOrArgChange: true });
  const [isSupportOpen, setIsSupportOpen] = useState(false);

  // Load failure: a toast with the server's message or 'Unknown error'.
  useEffect(() => {
    if (crm.isError) notify.error(errorMessage(crm.error, BUSINESS_MESSAGES.crmLoadFailed));
  }, [crm.isError, crm.error, notify]);

  if (crm.isLoading) return <PageSpinner />;
  const exists = crm.data?.integrationExists === true;
  const connected = connection.data?.connection ?? null;
  const oauth = connection.data?.oauth;

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {exists ? 'Your CRM integration is set up' : 'You have no CRM integration yet'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {exists
          ? 'Leads your groups share reach your CRM, and what becomes of them there comes back as outcome steps.'
          : 'Connect LeadCircle to your CRM: choose yours and sign in to it, or our support team sets it up with you.'}
      </Typography>
      {exists && connected && <ConnectedCrm connection={connected} />}
      {!exists && (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          {CRM_OPTIONS.map((option) => (
            <Grid key={option.name} size={{ xs: 12, sm: 6 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography component="h2" variant="h6">
                    {option.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {option.text}
                  </Typography>
                </CardContent>
                {oauth && (
                  <CardActions>
                    {oauth[option.provider] ? (
                      <ConnectButton provider={option.provider} />
                    ) : option.provider === 'HUBSPOT' ? (
                      <HubSpotTokenForm />
                    ) : null}
                  </CardActions>
                )}
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <Button variant="contained" onClick={() => setIsSupportOpen(true)}>
        CONTACT SUPPORT
      </Button>
      <Dialog open={isSupportOpen} onClose={() => setIsSupportOpen(false)} aria-labelledby="crm-support-title">
        <DialogTitle id="crm-support-title">CRM integration support</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Write to <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link> with the name of your CRM, and we set
            up the integration with you.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsSupportOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
