import {
  BUSINESS_MESSAGES,
  BUSINESS_ROLE_FILTERS,
  BUSINESS_USER_SEARCH_MAX,
  BUSINESS_USER_STATUSES,
  BUSINESS_USERS_EXPORT_PATH,
  type BusinessUser,
  type BusinessUserStatus,
  PAGE_SIZE,
  ROUTES,
} from '@leadcircle/shared';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table';
import { useNotify } from '../../../components/use-notify';
import { UserAvatar } from '../../../components/user-avatar';
import { useGetCurrentUserQuery, useGetMyBusinessQuery } from '../../../core/current-user-api';
import { errorMessage } from '../../../lib/api-error';
import { downloadFile } from '../../../lib/download';
import { reportError } from '../../../lib/error-reporter';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetBusinessUsersQuery, useGetSeatBillingQuery } from '../api';
import { BusinessUserDialog } from '../components/business-user-dialog';

type RoleFilter = (typeof BUSINESS_ROLE_FILTERS)[number];
type StatusFilter = BusinessUserStatus | 'ALL_STATUS';

const STATUS_COLORS = { ACTIVE: 'success', INVITED: 'info', INACTIVE: 'default' } as const;

const columns: PagedTableColumn<BusinessUser>[] = [
  {
    header: '',
    cell: (u) => (
      <UserAvatar firstName={u.user.firstName} lastName={u.user.lastName} src={u.user.avatarUrl} size={36} />
    ),
    sx: { width: 56 },
    // On a phone the name comes first, kept in view while the table scrolls sideways.
    hideOnPhone: true,
  },
  { header: 'Name', cell: (u) => `${u.user.firstName} ${u.user.lastName}`.trim() },
  { header: 'E-mail Address', cell: (u) => u.user.email },
  { header: 'Role', cell: (u) => u.role },
  {
    header: 'Status',
    cell: (u) => (
      <Chip
        size="small"
        label={u.status}
        color={STATUS_COLORS[u.status]}
        variant={u.status === 'INACTIVE' ? 'outlined' : 'filled'}
      />
    ),
  },
];

// Inactive rows: grey text.
const inactiveRowSx = (u: BusinessUser) =>
  u.status === 'INACTIVE' ? { '& td': { color: 'text.disabled' }, opacity: 0.75 } : undefined;

/**
 * Users (admin): the business's users and invited people, 50 a page, with role
 * and status filters; ADD USER and EXPORT TO CSV for an admin whose subscription is active.
 */
export function ManageUsersPage() {
  const notify = useNotify();
  const { data: me } = useGetCurrentUserQuery();
  const business = useGetMyBusinessQuery();
  const { data: billing } = useGetSeatBillingQuery(undefined, { refetchOnMountOrArgChange: true });
  const [role, setRole] = useState<RoleFilter>('ALL_ROLE');
  const [status, setStatus] = useState<StatusFilter>('ALL_STATUS');
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim());
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<BusinessUser | 'new' | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  // Users come first, then invited people: the page's offset splits between the two lists.
  const usersCount = useRef(0);
  const offset = page * PAGE_SIZE;
  const businessId = business.data?.businessId;
  const users = useGetBusinessUsersQuery(
    {
      business_id: businessId ?? 0,
      start_position_users: Math.min(offset, page === 0 ? 0 : usersCount.current),
      start_position_invited: page === 0 ? 0 : Math.max(0, offset - usersCount.current),
      get_next: PAGE_SIZE,
      user_role: role,
      ...(status !== 'ALL_STATUS' && { user_status: status }),
      ...(search && { search }),
    },
    { skip: businessId === undefined, refetchOnMountOrArgChange: true },
  );
  if (users.data) usersCount.current = users.data.usersCount;

  // A current user with no business is sent to /.
  if (business.isSuccess && business.data === null) return <Navigate to={ROUTES.root} replace />;
  if (business.isLoading || !me) return <PageSpinner />;

  const canManage = me.role === 'ADMIN' && me.active;
  const seats = billing?.subscription ? { activeUsers: billing.activeUsers, pricePerUser: billing.pricePerUser } : null;

  const exportCsv = async () => {
    if (businessId === undefined) return;
    setIsExporting(true);
    try {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const query = new URLSearchParams({ business_id: String(businessId), time_zone: zone });
      await downloadFile(`/api${BUSINESS_USERS_EXPORT_PATH}?${query}`, 'business-users.csv');
    } catch (error) {
      reportError(error, { during: 'exporting the business users' });
      notify.error('The users could not be exported.');
    } finally {
      setIsExporting(false);
    }
  };

  const filterChanged = () => setPage(0);

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2, gap: 2 }}
      >
        <Typography component="h1" variant="h4">
          {BUSINESS_MESSAGES.usersTitle}
        </Typography>
        {canManage && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => setEditing('new')}>
              ADD USER
            </Button>
            <Button
              variant="outlined"
              startIcon={<FileDownloadIcon />}
              loading={isExporting}
              onClick={() => void exportCsv()}
            >
              EXPORT TO CSV
            </Button>
          </Stack>
        )}
      </Stack>
      <Stack direction="row" sx={{ gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField
          type="search"
          size="small"
          label="Search users"
          placeholder="Name or e-mail"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            filterChanged();
          }}
          slotProps={{ htmlInput: { maxLength: BUSINESS_USER_SEARCH_MAX } }}
          sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 260px' } }}
        />
        <TextField
          select
          size="small"
          label="Role"
          value={role}
          onChange={(e) => {
            setRole(e.target.value as RoleFilter);
            filterChanged();
          }}
          sx={{ minWidth: 160 }}
        >
          {BUSINESS_ROLE_FILTERS.map((r) => (
            <MenuItem key={r} value={r}>
              {r === 'ALL_ROLE' ? 'All roles' : r}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as StatusFilter);
            filterChanged();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="ALL_STATUS">All statuses</MenuItem>
          {BUSINESS_USER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PagedTable
        label="Users"
        columns={columns}
        rows={users.data?.businessUsers ?? []}
        rowKey={(u) => `${u.status}-${u.user.userId}-${u.user.email}`}
        rowSx={inactiveRowSx}
        actions={(u) =>
          // Invited and inactive people have no edit action; an inactive one is invited again.
          me.role === 'ADMIN' &&
          u.status === 'ACTIVE' && (
            <Tooltip title="Edit user">
              <IconButton aria-label={`Edit ${u.user.firstName} ${u.user.lastName}`} onClick={() => setEditing(u)}>
                <EditIcon />
              </IconButton>
            </Tooltip>
          )
        }
        isLoading={users.isLoading}
        errorText={users.isError ? errorMessage(users.error, BUSINESS_MESSAGES.getUsersFailed) : undefined}
        emptyText="No users match these filters."
        totalCount={users.data?.totalCount ?? 0}
        page={page}
        onPageChange={setPage}
      />
      {editing !== null && businessId !== undefined && (
        <BusinessUserDialog
          businessId={businessId}
          user={editing === 'new' ? null : editing}
          seats={seats}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
