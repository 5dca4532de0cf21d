import { PAGE_SIZE, STATE_ABBREVIATIONS, type Territory, US_STATES } from '@leadcircle/shared';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreateTerritoryMutation, useGetBusinessUsersQuery, useUpdateTerritoryMutation } from '../api';

interface TerritoryUserOption {
  userId: number;
  name: string;
}

interface TerritoryDialogProps {
  businessId: number;
  territory: Territory | null;
  onClose: () => void;
}

const optionOf = (person: { userId: number; firstName: string; lastName: string }): TerritoryUserOption => ({
  userId: person.userId,
  name: `${person.firstName} ${person.lastName}`.trim(),
});

/** The business's active people matching what is typed (the first 50), searched on the server. */
function usePeopleSearch(businessId: number) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim());
  const people = useGetBusinessUsersQuery({
    business_id: businessId,
    user_status: 'ACTIVE',
    get_next: PAGE_SIZE,
    ...(search && { search }),
  });
  const options = (people.data?.businessUsers ?? []).map((u) => optionOf(u.user));
  return { options, isFetching: people.isFetching, setTyped };
}

const splitPrefixes = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);

/** Add or edit a territory: a name, US states and/or 3-digit ZIP prefixes, and who covers it. */
export function TerritoryDialog({ businessId, territory, onClose }: TerritoryDialogProps) {
  const notify = useNotify();
  const [name, setName] = useState(territory?.name ?? '');
  const [states, setStates] = useState<string[]>(territory?.states ?? []);
  const [prefixes, setPrefixes] = useState((territory?.zipPrefixes ?? []).join(', '));
  // The territory's own users, whoever the search lists.
  const [assigned, setAssigned] = useState<TerritoryUserOption[]>((territory?.users ?? []).map(optionOf));
  const people = usePeopleSearch(businessId);
  const [serverError, setServerError] = useState<string | null>(null);
  const [create, createState] = useCreateTerritoryMutation();
  const [update, updateState] = useUpdateTerritoryMutation();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const body = {
      business_id: businessId,
      name,
      states: states as (typeof STATE_ABBREVIATIONS)[number][],
      zip_prefixes: splitPrefixes(prefixes),
      user_ids: assigned.map((p) => p.userId),
    };
    try {
      if (territory) await update({ ...body, territory_id: territory.territoryId }).unwrap();
      else await create(body).unwrap();
      notify.success(territory ? 'The territory has been updated.' : 'The territory has been added.');
      onClose();
    } catch (error) {
      setServerError(errorMessage(error, 'Something went wrong'));
    }
  };

  return (
    <FormDialog
      title={territory ? 'Edit territory' : 'Add territory'}
      description="A territory covers US states and/or ZIP codes starting with the 3-digit prefixes you list."
      serverError={serverError}
      isBusy={createState.isLoading || updateState.isLoading}
      submitLabel="SAVE"
      onSubmit={(e) => void save(e)}
      onClose={onClose}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        fullWidth
        margin="normal"
        autoFocus
      />
      <Autocomplete
        multiple
        options={STATE_ABBREVIATIONS as readonly string[]}
        getOptionLabel={(code) => `${US_STATES[code as keyof typeof US_STATES] ?? code} (${code})`}
        value={states}
        onChange={(_e, value) => setStates(value)}
        renderInput={(params) => <TextField {...params} label="States" margin="normal" />}
      />
      <TextField
        label="ZIP prefixes"
        value={prefixes}
        onChange={(e) => setPrefixes(e.target.value)}
        helperText="The first 3 digits of ZIP codes, separated by commas (e.g. 981, 982)"
        fullWidth
        margin="normal"
      />
      <Autocomplete
        multiple
        options={people.options}
        // The server has searched them.
        filterOptions={(options) => options}
        loading={people.isFetching}
        onInputChange={(_e, value) => people.setTyped(value)}
        getOptionLabel={(p) => p.name}
        isOptionEqualToValue={(a, b) => a.userId === b.userId}
        value={assigned}
        onChange={(_e, value) => setAssigned(value)}
        renderInput={(params) => <TextField {...params} label="Users" margin="normal" />}
      />
    </FormDialog>
  );
}
