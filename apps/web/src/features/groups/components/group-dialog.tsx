import { zodResolver } from '@hookform/resolvers/zod';
import {
  GROUP_MESSAGES,
  type GroupDialogForm,
  type GroupSummary,
  groupDialogForm,
  TEXT_AREA_DEFAULT_ROWS,
} from '@leadcircle/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-error';
import { useCreatePrivateGroupMutation, useUpdateGroupMutation } from '../api';

interface GroupDialogProps {
  /** Edit mode when a group is passed, add mode otherwise. */
  group?: GroupSummary;
  onClose: () => void;
  /** Called with the saved group; the caller closes the dialog. */
  onSaved: (group: GroupSummary) => void;
}

/**
 * The create or edit group dialog: name 3–40, description 3–200, product 3–100
 * (optional). In edit mode only the creator changes name and description; product is the creator's
 * own, saved by the settings screen, so it is not shown there.
 */
export function GroupDialog({ group, onClose, onSaved }: GroupDialogProps) {
  const isEdit = group !== undefined;
  const [serverError, setServerError] = useState<string | null>(null);
  const [createGroup, createState] = useCreatePrivateGroupMutation();
  const [updateGroup, updateState] = useUpdateGroupMutation();
  const isBusy = createState.isLoading || updateState.isLoading;
  const { control, handleSubmit } = useForm<GroupDialogForm>({
    resolver: zodResolver(groupDialogForm),
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '', product: group?.product ?? '' },
  });

  const save = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = isEdit
        ? await updateGroup({ group_id: group.groupId, name: values.name, description: values.description }).unwrap()
        : await createGroup({
            name: values.name,
            description: values.description,
            product: values.product,
            group_type: 'PRIVATE',
          }).unwrap();
      onSaved(saved);
    } catch (error) {
      setServerError(errorMessage(error, isEdit ? GROUP_MESSAGES.updateFailed : GROUP_MESSAGES.createFailed));
    }
  });

  return (
    <FormDialog
      title={isEdit ? 'Edit group' : 'Create group'}
      serverError={serverError}
      isBusy={isBusy}
      submitLabel={isEdit ? 'Save' : 'Create'}
      onSubmit={save}
      onClose={onClose}
    >
      <FormTextField control={control} name="name" label="Group name" autoFocus />
      <FormTextField control={control} name="description" label="Description" multiline rows={TEXT_AREA_DEFAULT_ROWS} />
      {!isEdit && <FormTextField control={control} name="product" label="Product" />}
    </FormDialog>
  );
}
