import {
  AVATAR_IMAGE_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_MAX_MEGABYTES,
  AVATAR_SIZE,
  type CurrentUser,
  MESSAGES,
} from '@leadcircle/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { useNotify } from '../../../components/use-notify';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/api-error';
import { useRemoveAvatarMutation, useUploadAvatarMutation } from '../account-api';

const ACCEPTED_TYPES: readonly string[] = AVATAR_IMAGE_TYPES;

/** The profile picture (size 256): upload, replace or remove; the initial without one. */
export function AvatarField({ user }: { user: CurrentUser }) {
  const notify = useNotify();
  const [uploadAvatar, upload] = useUploadAvatarMutation();
  const [removeAvatar, removal] = useRemoveAvatarMutation();
  const isBusy = upload.isLoading || removal.isLoading;

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after an error.
    event.target.value = '';
    if (!file) return;
    // The server checks the bytes; these checks only save a pointless upload.
    if (file.type && !ACCEPTED_TYPES.includes(file.type)) return notify.error(MESSAGES.avatarUnsupportedType);
    if (file.size > AVATAR_MAX_BYTES) return notify.error(MESSAGES.avatarTooLarge);
    try {
      await uploadAvatar(file).unwrap();
      notify.success(MESSAGES.avatarUploaded);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.avatarUploadFailed));
    }
  };

  const onRemove = async () => {
    try {
      await removeAvatar().unwrap();
      notify.success(MESSAGES.avatarRemoved);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.avatarUploadFailed));
    }
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <UserAvatar firstName={user.firstName} lastName={user.lastName} src={user.avatarUrl} size={AVATAR_SIZE} />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" component="label" loading={upload.isLoading} disabled={isBusy}>
          Upload picture
          <input hidden type="file" accept={ACCEPTED_TYPES.join(',')} onChange={onFileChosen} />
        </Button>
        {user.avatarUrl && (
          <Button color="inherit" onClick={onRemove} loading={removal.isLoading} disabled={isBusy}>
            Remove picture
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        JPEG, PNG, WebP or GIF, up to {AVATAR_MAX_MEGABYTES} MB
      </Typography>
    </Stack>
  );
}
