import {
  LEAD_ADDED_FILTERS,
  LEAD_OUTCOME_STAGE_LABELS,
  LEAD_SEARCH_MAX,
  LEAD_SORT_LABELS,
  LEAD_SORTS,
  type LeadAddedFilter,
  type LeadAssignedFilter,
  type LeadListFilters,
  type LeadOutcomeFilter,
  type LeadSort,
  RATING_MAX,
  STATE_ABBREVIATIONS,
  US_STATES,
} from '@leadcircle/shared';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { isNarrowed, type LeadListQuery } from '../lead-list-query';

// Above the lead grid: "Search leads" (sent once typing pauses), the filter chips and the sort.
// Every control is a labelled button or field; the chips wrap at 390 px rather than run off.

const ASSIGNED_LABELS: Record<LeadAssignedFilter, string> = { ME: 'Me', ANYONE: 'Anyone', NO_ONE: 'No one' };
const OUTCOME_LABELS: Record<LeadOutcomeFilter, string> = { NONE: 'None', ...LEAD_OUTCOME_STAGE_LABELS };
const ADDED_LABELS: Record<LeadAddedFilter, string> = {
  '7': 'Last 7 days',
  '30': 'Last 30 days',
  '90': 'Last 90 days',
};
const RANGE = 'range';
// Opened from the Added chip only: loaded then, not with the list.
const AddedRangeDialog = lazy(() => import('./added-range-dialog'));
const ratingLabel = (n: number) => (n === RATING_MAX ? `${n} stars` : `${n}+ stars`);

interface Option<T> {
  value: T;
  label: string;
}

interface FilterChipProps<T> {
  name: string;
  value: T | undefined;
  // The chip's text while set ('State: CA').
  valueLabel?: string;
  options: readonly Option<T>[];
  onChange: (value: T | undefined) => void;
  // Called as its menu opens (the choices may load then).
  onOpen?: () => void;
}

/** A filter as a chip: it opens its choices as a menu; a set chip says its value and clears with its ✕ or Delete. */
function FilterChip<T extends string | number>({
  name,
  value,
  valueLabel,
  options,
  onChange,
  onOpen,
}: FilterChipProps<T>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const isSet = value !== undefined;
  const shown = valueLabel ?? options.find((o) => o.value === value)?.label;
  const choose = (next: T | undefined) => {
    setAnchor(null);
    onChange(next);
  };
  return (
    <>
      <Chip
        label={isSet ? `${name}: ${shown}` : name}
        color={isSet ? 'primary' : 'default'}
        variant={isSet ? 'filled' : 'outlined'}
        onClick={(event) => {
          onOpen?.();
          setAnchor(event.currentTarget);
        }}
        onDelete={isSet ? () => onChange(undefined) : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        aria-label={isSet ? `${name} filter: ${shown}. Press Delete to clear` : `${name} filter`}
      />
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 360 } } }}
      >
        <MenuItem selected={!isSet} onClick={() => choose(undefined)}>
          Any
        </MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} selected={option.value === value} onClick={() => choose(option.value)}>
            {option.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export interface LeadListToolbarProps {
  query: LeadListQuery;
  // The group's members, for Submitted by: asked for with onMembersWanted, when its menu first opens.
  members: readonly { userId: number; fullName: string }[];
  onMembersWanted: () => void;
  onSearch: (search: string) => void;
  onFilters: (filters: LeadListFilters) => void;
  onSort: (sort: LeadSort) => void;
  onClear: () => void;
}

export function LeadListToolbar({
  query,
  members,
  onMembersWanted,
  onSearch,
  onFilters,
  onSort,
  onClear,
}: LeadListToolbarProps) {
  const [text, setText] = useState(query.search);
  const [isRangeOpen, setIsRangeOpen] = useState(false);
  const settled = useDebouncedValue(text);
  // The search last sent or read from the address: a Back to another list shows its search in the field.
  const sent = useRef(query.search);
  useEffect(() => {
    if (settled.trim() === sent.current.trim()) return;
    sent.current = settled;
    onSearch(settled);
  }, [settled, onSearch]);
  useEffect(() => {
    if (query.search.trim() === sent.current.trim()) return;
    sent.current = query.search;
    setText(query.search);
  }, [query.search]);

  const f = query.filters;
  const set = <K extends keyof LeadListFilters>(name: K, value: LeadListFilters[K] | undefined) => {
    const next = { ...f };
    if (value === undefined) delete next[name];
    else next[name] = value;
    onFilters(next);
  };
  const range = f.added_from || f.added_to ? `${f.added_from ?? '…'} – ${f.added_to ?? '…'}` : undefined;

  return (
    <Stack sx={{ gap: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
        <TextField
          label="Search leads"
          type="search"
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{
            htmlInput: { maxLength: LEAD_SEARCH_MAX },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          label="Sort by"
          size="small"
          value={query.sort}
          onChange={(event) => onSort(event.target.value as LeadSort)}
          sx={{ minWidth: 160 }}
        >
          {LEAD_SORTS.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {LEAD_SORT_LABELS[sort]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" role="group" aria-label="Filters" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <FilterChip
          name="State"
          value={f.state}
          options={STATE_ABBREVIATIONS.map((s) => ({ value: s, label: `${US_STATES[s]} (${s})` }))}
          valueLabel={f.state}
          onChange={(v) => set('state', v)}
        />
        <FilterChip
          name="Submitted by"
          value={f.submitted_by}
          options={members.map((m) => ({ value: m.userId, label: m.fullName }))}
          valueLabel={
            f.submitted_by === undefined
              ? undefined
              : (members.find((m) => m.userId === f.submitted_by)?.fullName ?? 'a member')
          }
          onChange={(v) => set('submitted_by', v)}
          onOpen={onMembersWanted}
        />
        <FilterChip
          name="Assigned to"
          value={f.assigned}
          options={(Object.keys(ASSIGNED_LABELS) as LeadAssignedFilter[]).map((v) => ({
            value: v,
            label: ASSIGNED_LABELS[v],
          }))}
          onChange={(v) => set('assigned', v)}
        />
        <FilterChip
          name="Outcome"
          value={f.outcome}
          options={(Object.keys(OUTCOME_LABELS) as LeadOutcomeFilter[]).map((v) => ({
            value: v,
            label: OUTCOME_LABELS[v],
          }))}
          onChange={(v) => set('outcome', v)}
        />
        <FilterChip
          name="Rating"
          value={f.min_rating}
          options={Array.from({ length: RATING_MAX }, (_, i) => ({ value: i + 1, label: ratingLabel(i + 1) }))}
          onChange={(v) => set('min_rating', v)}
        />
        <FilterChip<string>
          name="Added"
          value={f.added ?? (range ? RANGE : undefined)}
          valueLabel={f.added ? ADDED_LABELS[f.added] : range}
          options={[
            ...LEAD_ADDED_FILTERS.map((v) => ({ value: v, label: ADDED_LABELS[v] })),
            { value: RANGE, label: 'Between dates…' },
          ]}
          onChange={(v) => {
            const { added_from: _from, added_to: _to, added: _added, ...rest } = f;
            if (v === RANGE) setIsRangeOpen(true);
            else onFilters(v === undefined ? rest : { ...rest, added: v as LeadAddedFilter });
          }}
        />
        <Chip
          label="Duplicates only"
          color={f.duplicates_only ? 'primary' : 'default'}
          variant={f.duplicates_only ? 'filled' : 'outlined'}
          onClick={() => set('duplicates_only', f.duplicates_only ? undefined : true)}
          aria-pressed={f.duplicates_only === true}
          role="button"
        />
        {isNarrowed(query) && (
          <Button size="small" onClick={onClear}>
            Clear search and filters
          </Button>
        )}
      </Stack>
      {isRangeOpen && (
        <Suspense fallback={null}>
          <AddedRangeDialog
            from={f.added_from ?? ''}
            to={f.added_to ?? ''}
            onClose={() => setIsRangeOpen(false)}
            onApply={(from, to) => {
              setIsRangeOpen(false);
              const { added_from: _from, added_to: _to, added: _added, ...rest } = f;
              onFilters({ ...rest, ...(from && { added_from: from }), ...(to && { added_to: to }) });
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
