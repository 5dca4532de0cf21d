import {
  SEARCH_KIND_LABELS,
  SEARCH_MESSAGES,
  SEARCH_QUERY_MAX,
  type SearchKind,
  type SearchResult,
} from '@leadcircle/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchQuery } from '../api';
import { searchPageLink } from '../search-link';
import { HighlightedText } from './highlighted-text';

// Search everywhere from the top bar: a combobox whose list shows, as you type, up to five of each kind
// the caller may see, under a heading per kind, and "See all" to the results page. `/` or Ctrl/⌘-K
// (outside a field) focuses it; arrows move, Enter opens, Escape closes. On a phone, an icon opens it over the bar.

/** Whether a key was pressed while typing somewhere (the shortcuts then type as usual). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

type Option = { type: 'result'; result: SearchResult } | { type: 'all' };

export function ShellSearch() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [isPhoneOpen, setIsPhoneOpen] = useState(false);
  const [value, setValue] = useState('');
  const [isListOpen, setIsListOpen] = useState(false);
  // The active option, of the answer it was chosen in (a new answer starts with none).
  const [cursor, setCursor] = useState<{ of: unknown; at: number }>({ of: undefined, at: -1 });

  // Results as you type, once typing pauses.
  const query = useDebouncedValue(value.trim().slice(0, SEARCH_QUERY_MAX));
  const search = useSearchQuery({ query }, { skip: query === '' });
  const data = query === '' ? undefined : search.currentData;
  const groups = useMemo(() => (data?.groups ?? []).filter((group) => group.results.length > 0), [data]);
  const options = useMemo<Option[]>(
    () => [
      ...groups.flatMap((group) => group.results.map((result): Option => ({ type: 'result', result }))),
      ...(groups.length > 0 ? [{ type: 'all' } as const] : []),
    ],
    [groups],
  );
  const active = cursor.of === data ? cursor.at : -1;
  const setActive = (at: number) => setCursor({ of: data, at });

  // `/` and Ctrl/⌘-K, anywhere but in a field.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey;
      const commandK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      if (event.defaultPrevented || !(slash || commandK) || isTyping(event.target)) return;
      event.preventDefault();
      setIsPhoneOpen(true);
      setIsListOpen(true);
      requestAnimationFrame(() => inputRef.current?.focus());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const close = () => {
    setIsListOpen(false);
    setIsPhoneOpen(false);
    setActive(-1);
  };
  const open = (link: string) => {
    close();
    setValue('');
    inputRef.current?.blur();
    void navigate(link);
  };
  const openOption = (option: Option) => open(option.type === 'all' ? searchPageLink(query) : option.result.link);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsListOpen(true);
      if (options.length === 0) return;
      const last = options.length - 1;
      setActive(event.key === 'ArrowDown' ? (active >= last ? 0 : active + 1) : active <= 0 ? last : active - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (option) openOption(option);
      else if (value.trim() !== '') open(searchPageLink(value));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (isListOpen && value !== '') setIsListOpen(false);
      else {
        close();
        inputRef.current?.blur();
      }
    }
  };

  const optionId = (index: number) => `${id}-option-${index}`;
  const showList = isListOpen && query !== '' && value.trim() !== '';
  // The listbox exists only with options in it (an empty listbox is no listbox to a screen reader).
  const isExpanded = showList && groups.length > 0;
  const status =
    query === ''
      ? ''
      : search.isFetching && !data
        ? 'Searching…'
        : search.isError
          ? SEARCH_MESSAGES.failed
          : data && groups.length === 0
            ? SEARCH_MESSAGES.nothingFound
            : `${options.length - 1} results`;

  if (isPhone && !isPhoneOpen) {
    return (
      <IconButton
        color="inherit"
        aria-label="Search"
        onClick={() => {
          setIsPhoneOpen(true);
          setIsListOpen(true);
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
      >
        <SearchIcon />
      </IconButton>
    );
  }

  let index = -1;
  return (
    <Box
      role="search"
      sx={
        isPhone
          ? {
              position: 'absolute',
              inset: 0,
              zIndex: 1,
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              px: 1,
              bgcolor: 'primary.main',
            }
          : { position: 'relative', width: { md: 300, lg: 380 }, mx: 2 }
      }
    >
      {isPhone && (
        <IconButton color="inherit" aria-label="Close search" onClick={close}>
          <ArrowBackIcon />
        </IconButton>
      )}
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          borderRadius: 1,
          // Darker than the bar, so white text keeps its contrast (4.5:1).
          bgcolor: alpha(theme.palette.common.black, 0.2),
          '&:focus-within': { bgcolor: alpha(theme.palette.common.black, 0.3) },
          color: 'inherit',
          px: 1,
        }}
      >
        <SearchIcon aria-hidden sx={{ mr: 1 }} />
        <InputBase
          inputRef={inputRef}
          value={value}
          placeholder="Search"
          onChange={(event) => {
            setValue(event.target.value);
            setIsListOpen(true);
          }}
          onFocus={() => setIsListOpen(true)}
          onBlur={() => {
            setIsListOpen(false);
            if (isPhone && value === '') setIsPhoneOpen(false);
          }}
          onKeyDown={onKeyDown}
          sx={{ color: 'inherit', flex: 1, '& input::placeholder': { opacity: 0.9 } }}
          inputProps={{
            role: 'combobox',
            'aria-label': 'Search everywhere',
            'aria-expanded': isExpanded,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': isExpanded && active >= 0 ? optionId(active) : undefined,
            'aria-keyshortcuts': '/ Control+K Meta+K',
            maxLength: SEARCH_QUERY_MAX,
            type: 'search',
            enterKeyHint: 'search',
          }}
        />
        {search.isFetching && query !== '' && <CircularProgress size={16} color="inherit" aria-hidden />}
      </Box>
      <Box role="status" sx={visuallyHidden}>
        {status}
      </Box>
      <Paper
        elevation={8}
        hidden={!showList}
        sx={{
          position: 'absolute',
          top: '100%',
          left: 0,
          right: 0,
          mt: isPhone ? 0 : 0.5,
          maxHeight: '70vh',
          overflowY: 'auto',
          color: 'text.primary',
          display: showList ? 'block' : 'none',
        }}
      >
        {groups.length > 0 && (
          <Box
            component="ul"
            role="listbox"
            id={listId}
            aria-label="Search results"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {groups.map((group) => {
              const headingId = `${id}-${group.kind}`;
              return (
                <li key={group.kind} role="presentation">
                  <Typography
                    id={headingId}
                    variant="overline"
                    component="div"
                    sx={{ px: 2, pt: 1, color: 'text.secondary', lineHeight: 2 }}
                  >
                    {SEARCH_KIND_LABELS[group.kind as SearchKind]}
                  </Typography>
                  <Box component="ul" role="group" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                    {group.results.map((result) => {
                      index += 1;
                      const at = index;
                      return (
                        <Box
                          component="li"
                          key={`${result.kind}-${result.id}`}
                          id={optionId(at)}
                          role="option"
                          aria-selected={active === at}
                          onMouseDown={(event) => event.preventDefault()}
                          onClick={() => openOption({ type: 'result', result })}
                          onMouseEnter={() => setActive(at)}
                          sx={{
                            px: 2,
                            py: 0.75,
                            cursor: 'pointer',
                            bgcolor: active === at ? 'action.selected' : undefined,
                            '& mark': { bgcolor: 'warning.light', color: 'inherit', borderRadius: 0.5 },
                          }}
                        >
                          <Typography variant="body2" noWrap>
                            <HighlightedText text={result.title} query={query} />
                          </Typography>
                          {result.subtitle && (
                            <Typography variant="caption" color="text.secondary" noWrap component="div">
                              {result.subtitle}
                            </Typography>
                          )}
                        </Box>
                      );
                    })}
                  </Box>
                </li>
              );
            })}
            {groups.length > 0 && (
              <Box
                component="li"
                id={optionId(options.length - 1)}
                role="option"
                aria-selected={active === options.length - 1}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => openOption({ type: 'all' })}
                onMouseEnter={() => setActive(options.length - 1)}
                sx={{
                  px: 2,
                  py: 1,
                  cursor: 'pointer',
                  borderTop: 1,
                  borderColor: 'divider',
                  color: 'primary.main',
                  bgcolor: active === options.length - 1 ? 'action.selected' : undefined,
                }}
              >
                <Typography variant="body2">See all results</Typography>
              </Box>
            )}
          </Box>
        )}
        {data && groups.length === 0 && (
          <Typography variant="body2" sx={{ px: 2, py: 1.5 }} color="text.secondary">
            {SEARCH_MESSAGES.nothingFound}
          </Typography>
        )}
        {search.isError && (
          <Typography variant="body2" sx={{ px: 2, py: 1.5 }} color="error">
            {SEARCH_MESSAGES.failed}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
