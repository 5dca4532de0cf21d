import { zodResolver } from '@hookform/resolvers/zod';
import {
  FOLLOW_UP_DAYS_MAX,
  FOLLOW_UP_DAYS_MIN,
  GROUP_MESSAGES,
  type GroupSummary,
  ROUTES,
  routePath,
} from '@leadcircle/shared';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { PageSpinner } from '../../../components/page-spinner';
import { useNotify } from '../../../components/use-notify';
import { useGetCurrentUserQuery } from '../../../core/current-user-api';
import { errorMessage } from '../../../lib/api-error';
import {
  useDeleteGroupMutation,
  useGetGroupNotificationsQuery,
  useGetGroupQuery,
  useRemoveFromGroupMutation,
  useUpdateGroupNotificationsMutation,
  useUpdateGroupUserMutation,
} from '../api';
import { GroupDialog } from '../components/group-dialog';
import { type SettingsFormValues, settingsForm } from '../settings-form';
import { useGroupId } from './group-layout';

interface GroupSettingsPageProps {
  /** Sections below the settings (the lead import history: composed in app/), for a group the caller may see. */
  renderSections?: (groupId: number) => ReactNode;
}

/**
 * Group settings: the caller's product, the follow-up reminder's days (the owner's), the Messages toggle, leave or
 * delete; then the sections composed in.
 */
export function GroupSettingsPage({ renderSections }: GroupSettingsPageProps = {}) {
  const groupId = useGroupId();
  const group = useGetGroupQuery(groupId, { skip: groupId === 0, refetchOnMountOrArgChange: true });
  const notifications = useGetGroupNotificationsQuery(
    { group_id: groupId },
    { skip: groupId === 0, refetchOnMountOrArgChange: true },
  );

  let content: ReactNode;
  if (groupId === 0 || group.isError) {
    content = <Alert severity="error">{errorMessage(group.error, GROUP_MESSAGES.notFound)}</Alert>;
  } else if (!group.data || notifications.isLoading) {
    content = <PageSpinner />;
  } else {
    content = (
      <GroupSettingsEditor
        key={group.data.groupId}
        groupId={group.data.groupId}
        name={group.data.name}
        description={group.data.description ?? ''}
        isOwner={group.data.isOwner}
        group={group.data}
        initial={{
          product: group.data.myProduct ?? '',
          enableEmail: notifications.data?.enableEmail ?? false,
          followUpDays: String(group.data.followUpDays),
        }}
      />
    );
  }
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        Group settings
      </Typography>
      {content}
      {group.data && renderSections?.(group.data.groupId)}
    </Box>
  );
}

interface FormProps {
  groupId: number;
  name: string;
  description: string;
  isOwner: boolean;
  group: GroupSummary;
  initial: SettingsFormValues;
}

/** A value shown, not edited: filled grey, no outline, a read-only input that can still be selected. */
function ReadOnlyField({ label, value, multiline }: { label: string; value: string; multiline?: boolean }) {
  return (
    <TextField
      label={label}
      value={value}
      variant="filled"
      fullWidth
      margin="normal"
      multiline={multiline}
      slotProps={{ input: { readOnly: true, disableUnderline: true }, inputLabel: { shrink: true } }}
      sx={{ '& .MuiFilledInput-root': { bgcolor: 'action.hover', borderRadius: 1 } }}
    />
  );
}

function GroupSettingsEditor({ groupId, name, description, isOwner, group, initial }: FormProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: me } = useGetCurrentUserQuery();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const [updateGroupUser] = useUpdateGroupUserMutation();
  const [updateNotifications] = useUpdateGroupNotificationsMutation();
  const [removeFromGroup, removeState] = useRemoveFromGroupMutation();
  const [deleteGroup, deleteState] = useDeleteGroupMutation();
  const { control, handleSubmit, formState } = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsForm),
    defaultValues: initial,
  });

  // Saving goes back one screen; opened directly, back means the group's leads.
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(routePath(ROUTES.groupLeads, { group_id: groupId }));
  };

  const save = handleSubmit(async (values) => {
    setServerError(null);
    try {
      // The reminder's days are the owner's to change, with their own product in the same call.
      const followUpDays =
        isOwner && values.followUpDays !== initial.followUpDays ? Number(values.followUpDays) : undefined;
      if (values.product !== initial.product || followUpDays !== undefined) {
        await updateGroupUser({
          group_id: groupId,
          user_id: me?.userId,
          ...(values.product !== initial.product && { product: values.product || null }),
          ...(followUpDays !== undefined && { follow_up_days: followUpDays }),
        }).unwrap();
      }
      if (values.enableEmail !== initial.enableEmail) {
        await updateNotifications({ group_id: groupId, enableEmail: values.enableEmail }).unwrap();
      }
      notify.success(GROUP_MESSAGES.settingsUpdated);
      goBack();
    } catch (error) {
      setServerError(errorMessage(error, GROUP_MESSAGES.updateFailed));
    }
  });

  // Leaving or deleting returns to the group list.
  const leaveOrDelete = async () => {
    try {
      if (isOwner) await deleteGroup({ group_id: groupId }).unwrap();
      else if (me) await removeFromGroup({ group_id: groupId, user_id: me.userId }).unwrap();
      navigate(ROUTES.groups, { replace: true });
    } catch (error) {
      setIsConfirming(false);
      setServerError(errorMessage(error, isOwner ? GROUP_MESSAGES.removeFailed : GROUP_MESSAGES.leaveFailed));
    }
  };
  const actionLabel = isOwner ? 'DELETE GROUP' : 'LEAVE GROUP';

  return (
    <Paper component="form" onSubmit={save} noValidate sx={{ p: { xs: 2, md: 3 } }}>
      {serverError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverError}
        </Alert>
      )}
      {/* Name and description are read-only here; the creator changes them in the edit dialog. */}
      <ReadOnlyField label="Group name" value={name} />
      <ReadOnlyField label="Description" value={description} multiline />
      {isOwner && (
        <Button startIcon={<EditIcon />} onClick={() => setIsEditing(true)} sx={{ mt: 1 }}>
          EDIT GROUP
        </Button>
      )}
      <FormTextField control={control} name="product" label="Product I'm selling" />
      {isOwner ? (
        <FormTextField
          control={control}
          name="followUpDays"
          label="Follow-up reminder (days)"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      ) : (
        <ReadOnlyField label="Follow-up reminder (days)" value={initial.followUpDays} />
      )}
      <Typography variant="body2" color="text.secondary">
        {`A lead assigned with no progress for this many days reminds its assignee once (${FOLLOW_UP_DAYS_MIN} to ${FOLLOW_UP_DAYS_MAX}).`}
      </Typography>
      <Controller
        control={control}
        name="enableEmail"
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
            label="Messages"
          />
        )}
      />
      <Typography variant="body2" color="text.secondary">
        E-mails about this group: its messages and its new leads. Turned off, nothing from this group is e-mailed to
        you.
      </Typography>
      <Stack direction="row" sx={{ mt: 3, gap: 1, flexWrap: 'wrap' }}>
        <Button color="error" variant="outlined" onClick={() => setIsConfirming(true)}>
          {actionLabel}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={goBack} disabled={formState.isSubmitting}>
          CANCEL
        </Button>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          SAVE
        </Button>
      </Stack>
      {isEditing && (
        <GroupDialog group={group} onClose={() => setIsEditing(false)} onSaved={() => setIsEditing(false)} />
      )}
      <ConfirmDialog
        open={isConfirming}
        title={isOwner ? `Delete ${name}?` : `Leave ${name}?`}
        warning={GROUP_MESSAGES.leaveOrDeleteWarning}
        confirmLabel={actionLabel}
        isDestructive
        isBusy={removeState.isLoading || deleteState.isLoading}
        onConfirm={() => void leaveOrDelete()}
        onClose={() => setIsConfirming(false)}
      />
    </Paper>
  );
}
