import { ROUTES, type UserRole } from '@leadcircle/shared';
import type { SvgIconComponent } from '@mui/icons-material';
import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import ChatIcon from '@mui/icons-material/Chat';
import FeedbackIcon from '@mui/icons-material/Feedback';
import GroupsIcon from '@mui/icons-material/Groups';
import HelpIcon from '@mui/icons-material/Help';
import HubIcon from '@mui/icons-material/Hub';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MapIcon from '@mui/icons-material/Map';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import TimelineIcon from '@mui/icons-material/Timeline';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import type { ModalName } from '../../core/modals-slice';

export type MenuItem = { label: string; icon: SvgIconComponent } & (
  | { to: string }
  // Help and Send Feedback open a dialog rather than a page.
  | { opens: ModalName }
);

// The sidebar, in its order; admins also see Manage Users, CRMs, Invoices and Territories.
// A sales user who pays (a personal business of one) sees Invoices alone: the bills are theirs.
// Someone who covers a territory (admin or not) sees My territory after Chat.
export function menuSectionsFor(role: UserRole | undefined, hasBusiness = false, hasTerritory = false): MenuItem[][] {
  const invoices: MenuItem = { label: 'Invoices', icon: ReceiptLongIcon, to: ROUTES.adminInvoices };
  const adminSection: MenuItem[] = [
    { label: 'Manage Users', icon: ManageAccountsIcon, to: ROUTES.adminManageUsers },
    { label: 'CRMs', icon: HubIcon, to: ROUTES.adminCrms },
    invoices,
    { label: 'Territories', icon: MapIcon, to: ROUTES.manageTerritories },
  ];
  const myTerritory: MenuItem[] = hasTerritory
    ? [{ label: 'My territory', icon: TravelExploreIcon, to: ROUTES.territory }]
    : [];
  const billingSection = role === 'ADMIN' ? [adminSection] : hasBusiness ? [[invoices]] : [];
  return [
    [{ label: 'Activities', icon: TimelineIcon, to: ROUTES.activities }],
    [
      { label: 'Manage Groups', icon: GroupsIcon, to: ROUTES.groups },
      { label: 'Manage Opportunities', icon: BusinessCenterIcon, to: ROUTES.opportunities },
      { label: 'Chat', icon: ChatIcon, to: ROUTES.chatDirect },
      ...myTerritory,
    ],
    ...billingSection,
    [
      { label: 'My Settings', icon: SettingsIcon, to: ROUTES.myProfile },
      { label: 'Help', icon: HelpIcon, opens: 'help' },
      { label: 'Send Feedback', icon: FeedbackIcon, opens: 'feedback' },
    ],
    [{ label: 'Log Out', icon: LogoutIcon, to: ROUTES.signOut }],
  ];
}
