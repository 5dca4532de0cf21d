import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_MESSAGES,
  SEARCH_PAGE_DEFAULT,
  SEARCH_QUERY_MAX,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
} from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { useSearchQuery } from '../api';
import { HighlightedText } from '../components/highlighted-text';
import { searchPageLink } from '../search-link';

// The results of a search (`/search?q=`): every kind under its heading with "See all" where there are
// more, or (`&kind=`) one kind, a page at a time.

function ResultList({ results, query }: { results: SearchResult[]; query: string }) {
  return (
    <List dense disablePadding>
      {results.map((result) => (
        <ListItem key={`${result.kind}-${result.id}`} disablePadding>
          <ListItemButton
            component={RouterLink}
            to={result.link}
            sx={{ '& mark': { bgcolor: 'warning.light', color: 'inherit', borderRadius: 0.5 } }}
          >
            <ListItemText
              primary={<HighlightedText text={result.title} query={query} />}
              secondary={result.subtitle || undefined}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

function KindSection({ group, query }: { group: SearchGroup; query: string }) {
  const headingId = `search-${group.kind}`;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {SEARCH_KIND_LABELS[group.kind]}
        </Typography>
        {group.hasMore && (
          <Link component={RouterLink} to={searchPageLink(query, group.kind)}>
            See all {SEARCH_KIND_LABELS[group.kind].toLowerCase()}
          </Link>
        )}
      </Stack>
      <ResultList results={group.results} query={query} />
    </Paper>
  );
}

/** One kind, paged: each page asked for as MORE is pressed, the earlier ones kept above. */
function KindPages({ kind, query }: { kind: SearchKind; query: string }) {
  const [starts, setStarts] = useState([0]);
  return (
    <Paper component="section" aria-labelledby="search-kind" variant="outlined">
      <Typography id="search-kind" variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
        {SEARCH_KIND_LABELS[kind]}
      </Typography>
      {starts.map((start) => (
        <KindPage
          key={start}
          kind={kind}
          query={query}
          start={start}
          isLast={start === starts[starts.length - 1]}
          onMore={() => setStarts([...starts, start + SEARCH_PAGE_DEFAULT])}
        />
      ))}
    </Paper>
  );
}

function KindPage(props: { kind: SearchKind; query: string; start: number; isLast: boolean; onMore: () => void }) {
  const { kind, query, start, isLast, onMore } = props;
  const result = useSearchQuery({
    query,
    kind,
    start_position: start,
    get_next: SEARCH_PAGE_DEFAULT,
  });
  const group = result.data?.groups[0];
  if (result.isError) return <Alert severity="error">{errorMessage(result.error, SEARCH_MESSAGES.failed)}</Alert>;
  if (!group) return <CircularProgress size={24} aria-label="Loading results" sx={{ m: 2 }} />;
  return (
    <>
      {start === 0 && group.results.length === 0 && (
        <Typography sx={{ px: 2, py: 1.5 }} color="text.secondary">
          {SEARCH_MESSAGES.nothingFound}
        </Typography>
      )}
      <ResultList results={group.results} query={query} />
      {isLast && group.hasMore && (
        <Box sx={{ p: 1.5 }}>
          <Button onClick={onMore}>MORE</Button>
        </Box>
      )}
    </>
  );
}

export function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const kindParam = params.get('kind');
  const kind = SEARCH_KINDS.find((k) => k === kindParam);
  const all = useSearchQuery({ query }, { skip: query === '' || kind !== undefined });
  const found = (all.data?.groups ?? []).filter((group) => group.results.length > 0);

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {query === '' ? 'Search' : `Results for “${query}”`}
      </Typography>
      {kind && query !== '' && (
        <Link component={RouterLink} to={searchPageLink(query)} sx={{ display: 'inline-block', mb: 2 }}>
          All kinds
        </Link>
      )}
      {query === '' && (
        <Typography color="text.secondary">Type in the search box above (press / to get there).</Typography>
      )}
      {query !== '' && kind && <KindPages key={`${kind}-${query}`} kind={kind} query={query} />}
      {query !== '' && !kind && (
        <Stack spacing={2}>
          {all.isLoading && <CircularProgress aria-label="Searching" />}
          {all.isError && <Alert severity="error">{errorMessage(all.error, SEARCH_MESSAGES.failed)}</Alert>}
          {all.data && found.length === 0 && (
            <Typography color="text.secondary">{SEARCH_MESSAGES.nothingFound}</Typography>
          )}
          {found.map((group) => (
            <KindSection key={group.kind} group={group} query={query} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
