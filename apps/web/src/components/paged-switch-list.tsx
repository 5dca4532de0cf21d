import { PAGE_SIZE } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment, type Key, type ReactNode, useState } from 'react';
import { errorMessage } from '../lib/api-error';
import { EmptyState } from './empty-state';
import { PageSpinner } from './page-spinner';

/** One page of the list, as a feature's list query answers it. */
export interface SwitchListPage<Item> {
  items: readonly Item[] | undefined;
  totalCount: number;
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
}

interface PagedSwitchListProps<Item> {
  /** A hook reading page `page` (50 a page); page 0 is read afresh each time the list shows. */
  usePage: (page: number) => SwitchListPage<Item>;
  itemKey: (item: Item) => Key;
  /** The item's switch (MessagesSwitchItem with the feature's setting). */
  renderSwitch: (item: Item) => ReactNode;
  loadError: string;
  empty: { title: string; text: string };
  moreLabel: string;
}

/** A person's groups or opportunities, each with its switch; later pages load as the person asks for them. */
export function PagedSwitchList<Item>(props: PagedSwitchListProps<Item>) {
  const { usePage, loadError, empty, moreLabel } = props;
  const [pages, setPages] = useState(1);
  const first = usePage(0);
  if (first.isLoading) return <PageSpinner />;
  if (first.isError) return <Typography color="error">{errorMessage(first.error, loadError)}</Typography>;
  if (first.totalCount === 0) return <EmptyState title={empty.title} text={empty.text} />;
  return (
    <Paper variant="outlined">
      <List disablePadding>
        <Switches items={first.items} {...props} />
        {Array.from({ length: pages - 1 }, (_, index) => index + 1).map((page) => (
          <LaterPage key={`page-${page}`} page={page} {...props} />
        ))}
      </List>
      {pages * PAGE_SIZE < first.totalCount && (
        <Button sx={{ m: 1 }} onClick={() => setPages(pages + 1)}>
          {moreLabel}
        </Button>
      )}
    </Paper>
  );
}

function LaterPage<Item>(props: PagedSwitchListProps<Item> & { page: number }) {
  const { items } = props.usePage(props.page);
  return <Switches items={items} {...props} />;
}

function Switches<Item>({ items, itemKey, renderSwitch }: PagedSwitchListProps<Item> & { items?: readonly Item[] }) {
  return (
    <>
      {(items ?? []).map((item) => (
        <Fragment key={itemKey(item)}>{renderSwitch(item)}</Fragment>
      ))}
    </>
  );
}
