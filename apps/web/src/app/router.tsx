import { ROUTES } from '@leadcircle/shared';
import { useLayoutEffect } from 'react';
import { matchPath, Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { PageOutlet } from '../components/page-outlet';
import { store } from '../core/store';
import { GROUP_STATS_ROUTE } from '../lib/app-routes';
import { lazyPreloadable } from '../lib/lazy-preloadable';
import { setNavigator } from '../lib/navigation';
import { emailTokenState, readNavigationState } from '../lib/navigation-state';
import { routeId } from '../lib/route-id';
import { PublicOnly, RequireSession } from './guards';
import { NotFoundPage } from './pages/not-found-page';
import { OpenModalPage } from './pages/open-modal-page';
import { RouteErrorBoundary } from './route-error-boundary';

// The route table of both spec documents. Each area is its own chunk,
// so the sign-in screen does not download the shell or the working areas.
// Declarative routing (useRoutes in a BrowserRouter), not a data router: the app uses no loaders,
// actions or blockers, and the data router (createBrowserRouter) costs the sign-in screen's first load
// about 14 KB of brotli more (docs/decisions/performance.md).

const loadAuth = () => import('../features/auth');
const loadBusiness = () => import('../features/business');
const ManageUsersPage = lazyPreloadable(() => loadBusiness().then((m) => m.ManageUsersPage));
const CrmsPage = lazyPreloadable(() => loadBusiness().then((m) => m.CrmsPage));
const CrmCallbackPage = lazyPreloadable(() => loadBusiness().then((m) => m.CrmCallbackPage));
const CrmTestPage = lazyPreloadable(() => loadBusiness().then((m) => m.CrmTestPage));
const ManageTerritoriesPage = lazyPreloadable(() => loadBusiness().then((m) => m.ManageTerritoriesPage));
const MyTerritoryPage = lazyPreloadable(() => loadBusiness().then((m) => m.MyTerritoryPage));
const BusinessInviteAcceptance = lazyPreloadable(() => loadBusiness().then((m) => m.BusinessInviteAcceptance));
// Sign in is a chunk of its own: the first load of most visitors (scripts/check-bundle-budget.mjs).
const loadSignIn = () => import('../features/auth/sign-in');
const SignInPage = lazyPreloadable(() => loadSignIn().then((m) => m.SignInPage));
const SignUpPage = lazyPreloadable(() => loadAuth().then((m) => m.SignUpPage));
const SignOutPage = lazyPreloadable(() => loadAuth().then((m) => m.SignOutPage));
const ForgotPasswordPage = lazyPreloadable(() => loadAuth().then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyPreloadable(() => loadAuth().then((m) => m.ResetPasswordPage));
const SignupConfirmationPage = lazyPreloadable(() => loadAuth().then((m) => m.SignupConfirmationPage));
const OAuthLoginPage = lazyPreloadable(() => loadAuth().then((m) => m.OAuthLoginPage));

const loadDeepLinks = () => import('../features/deep-links');
const EmailLinkPage = lazyPreloadable(() => loadDeepLinks().then((m) => m.EmailLinkPage));
const InviteLinkPage = lazyPreloadable(() => loadDeepLinks().then((m) => m.InviteLinkPage));
const UnsubscribePage = lazyPreloadable(() => loadDeepLinks().then((m) => m.UnsubscribePage));

// After sign-in: where to go (reads the current user, accepts a stored invite); not in the sign-in screen's first load.
const RedirectPage = lazyPreloadable(() => import('./pages/redirect-page').then((m) => m.RedirectPage));

const loadShell = () => import('./shell/app-shell');
const AppShell = lazyPreloadable(() => loadShell().then((m) => m.AppShell));

const loadMySettings = () => import('../features/users');
const MySettingsLayout = lazyPreloadable(() => loadMySettings().then((m) => m.MySettingsLayout));
const ProfilePage = lazyPreloadable(() => loadMySettings().then((m) => m.ProfilePage));
// My settings → Notifications: the page and each group's switch compose in app/.
const NotificationsPage = lazyPreloadable(() =>
  import('./pages/notifications-route').then((m) => m.NotificationsRoute),
);
const LegalPage = lazyPreloadable(() => loadMySettings().then((m) => m.LegalPage));

const loadInfo = () => import('../features/info');
const DownloadAppPage = lazyPreloadable(() => loadInfo().then((m) => m.DownloadAppPage));
const FaqPage = lazyPreloadable(() => loadInfo().then((m) => m.FaqPage));
const UserAgreementPage = lazyPreloadable(() => loadInfo().then((m) => m.UserAgreementPage));
const PrivacyPolicyPage = lazyPreloadable(() => loadInfo().then((m) => m.PrivacyPolicyPage));

const loadBilling = () => import('../features/billing');
const InvoicesPage = lazyPreloadable(() => loadBilling().then((m) => m.InvoicesPage));

const loadGroups = () => import('../features/groups');
const GroupsPage = lazyPreloadable(() => loadGroups().then((m) => m.GroupsPage));
const GroupLayout = lazyPreloadable(() => loadGroups().then((m) => m.GroupLayout));
const loadGroupPages = () => import('../features/groups/group-pages');
const GroupUsersPage = lazyPreloadable(() => loadGroupPages().then((m) => m.GroupUsersPage));
// A group's settings, with the lead import history below them.
const GroupSettingsPage = lazyPreloadable(() =>
  Promise.all([loadGroupPages(), import('../features/leads/lead-imports')]).then(
    ([groups, imports]) =>
      function GroupSettings() {
        return <groups.GroupSettingsPage renderSections={(groupId) => <imports.ImportHistory groupId={groupId} />} />;
      },
  ),
);
const GroupStatsPage = lazyPreloadable(() => loadGroupPages().then((m) => m.GroupStatsPage));

// The leads area composes with the group page: the list is its Leads tab (the group comes from
// the layout's outlet context); a lead's details stand on their own, without the tabs.
const loadLeads = () => import('../features/leads');
const GroupLeadsPage = lazyPreloadable(() => loadLeads().then((m) => m.GroupLeadsPage));
const LeadDetailsPage = lazyPreloadable(() => import('../features/leads/lead-details').then((m) => m.LeadDetailsPage));

// Chat: its four pages, and the group's Messages tab, which is the group's room under the group layout.
const loadChat = () => import('../features/chat');
const ChatPage = lazyPreloadable(() => loadChat().then((m) => m.ChatPage));
const GroupRoomPage = lazyPreloadable(() => loadChat().then((m) => m.GroupRoomPage));

// Opportunities: the list, an opportunity's tabs (the Messages tab draws the chat area's conversation
// of the opportunity's room), contact details and settings.
const loadOpportunities = () => import('../features/opportunities');
const OpportunitiesPage = lazyPreloadable(() => loadOpportunities().then((m) => m.OpportunitiesPage));
const OpportunityLayout = lazyPreloadable(() => loadOpportunities().then((m) => m.OpportunityLayout));
const OpportunityInformationPage = lazyPreloadable(() => loadOpportunities().then((m) => m.OpportunityInformationPage));
const OpportunityMessagesPage = lazyPreloadable(() =>
  Promise.all([loadOpportunities(), loadChat()]).then(
    ([opportunities, chat]) =>
      function OpportunityMessages() {
        return (
          <opportunities.OpportunityMessagesPage
            renderRoom={(roomId, emptyState) => (
              <chat.RoomConversation roomId={roomId} hideTitle emptyState={emptyState} />
            )}
          />
        );
      },
  ),
);
const OpportunityContactsPage = lazyPreloadable(() => loadOpportunities().then((m) => m.OpportunityContactsPage));
const ContactDetailsPage = lazyPreloadable(() => loadOpportunities().then((m) => m.ContactDetailsPage));
const OpportunitySettingsPage = lazyPreloadable(() => loadOpportunities().then((m) => m.OpportunitySettingsPage));

const SearchPage = lazyPreloadable(() => import('../features/search').then((m) => m.SearchPage));
const ActivitiesPage = lazyPreloadable(() => import('../features/activities').then((m) => m.ActivitiesPage));

/** Download app; a BUSINESS_INVITE link brings its token here, and the invitation is answered above the apps. */
function DownloadAppRoute() {
  const location = useLocation();
  const invite = readNavigationState(emailTokenState, location.state);
  return (
    <DownloadAppPage>
      {invite && <BusinessInviteAcceptance token={invite.token} email={invite.email} />}
    </DownloadAppPage>
  );
}

const routes: RouteObject[] = [
  {
    element: <PageOutlet />,
    children: [
      { path: ROUTES.root, element: <Navigate to={ROUTES.redirect} replace /> },
      {
        element: <PublicOnly />,
        children: [
          { path: ROUTES.signIn, element: <SignInPage /> },
          { path: ROUTES.signUp, element: <SignUpPage /> },
          { path: ROUTES.forgotPassword, element: <ForgotPasswordPage /> },
          { path: ROUTES.resetPassword, element: <ResetPasswordPage /> },
          { path: ROUTES.oauthLogin, element: <OAuthLoginPage /> },
        ],
      },
      { path: ROUTES.signupConfirmation, element: <SignupConfirmationPage /> },
      { path: ROUTES.email, element: <EmailLinkPage /> },
      { path: ROUTES.unsubscribe, element: <UnsubscribePage /> },
      { path: ROUTES.groupUserInvited, element: <InviteLinkPage kind="group" /> },
      { path: ROUTES.opportunityUserInvited, element: <InviteLinkPage kind="opportunity" /> },
      // Public information pages; the download page is also where a business invite leads.
      { path: ROUTES.downloadApp, element: <DownloadAppRoute /> },
      { path: ROUTES.faq, element: <FaqPage /> },
      { path: ROUTES.userAgreement, element: <UserAgreementPage /> },
      { path: ROUTES.terms, element: <UserAgreementPage title="Terms of Use" /> },
      { path: ROUTES.privacyPolicy, element: <PrivacyPolicyPage /> },
      // The CRM connection test: public, without the shell.
      { path: ROUTES.testFlow, element: <CrmTestPage /> },
      { path: ROUTES.signOut, element: <SignOutPage /> },
      {
        element: <RequireSession />,
        children: [
          { path: ROUTES.redirect, element: <RedirectPage /> },
          {
            element: <AppShell />,
            children: [
              { path: ROUTES.adminInvoices, element: <InvoicesPage /> },
              { path: ROUTES.adminManageUsers, element: <ManageUsersPage /> },
              { path: ROUTES.adminCrms, element: <CrmsPage /> },
              { path: ROUTES.adminCrmCallback, element: <CrmCallbackPage /> },
              { path: ROUTES.manageTerritories, element: <ManageTerritoriesPage /> },
              { path: ROUTES.territory, element: <MyTerritoryPage /> },
              // Groups: the list, the wizard's route over it, and a group's tabs.
              { path: ROUTES.groups, element: <GroupsPage /> },
              { path: ROUTES.createGroup, element: <OpenModalPage modal="createGroup" then={ROUTES.groups} /> },
              {
                path: ROUTES.group,
                element: <GroupLayout />,
                children: [
                  { index: true, element: <Navigate to="leads" replace /> },
                  { path: ROUTES.groupLeads, element: <GroupLeadsPage /> },
                  { path: ROUTES.groupUsers, element: <GroupUsersPage /> },
                  { path: ROUTES.groupMessages, element: <GroupRoomPage /> },
                  { path: GROUP_STATS_ROUTE, element: <GroupStatsPage /> },
                ],
              },
              { path: ROUTES.groupLead, element: <LeadDetailsPage /> },
              { path: ROUTES.groupSettings, element: <GroupSettingsPage /> },
              { path: ROUTES.activities, element: <ActivitiesPage /> },
              { path: ROUTES.search, element: <SearchPage /> },
              { path: ROUTES.opportunities, element: <OpportunitiesPage /> },
              {
                path: ROUTES.opportunity,
                element: <OpportunityLayout />,
                children: [
                  { index: true, element: <Navigate to="information" replace /> },
                  { path: ROUTES.opportunityInformation, element: <OpportunityInformationPage /> },
                  { path: ROUTES.opportunityMessages, element: <OpportunityMessagesPage /> },
                  { path: ROUTES.opportunityContacts, element: <OpportunityContactsPage /> },
                ],
              },
              { path: ROUTES.opportunityContact, element: <ContactDetailsPage /> },
              { path: ROUTES.opportunitySettings, element: <OpportunitySettingsPage /> },
              { path: ROUTES.chatDirect, element: <ChatPage key="direct" kind="DIRECT" /> },
              { path: ROUTES.chatGroups, element: <ChatPage key="groups" kind="GROUP" /> },
              { path: ROUTES.chatOpportunities, element: <ChatPage key="opportunities" kind="OPPORTUNITY" /> },
              { path: ROUTES.chatBusiness, element: <ChatPage key="business" kind="BUSINESS" /> },
              {
                element: <MySettingsLayout />,
                children: [
                  { path: ROUTES.myProfile, element: <ProfilePage /> },
                  { path: ROUTES.myNotifications, element: <NotificationsPage /> },
                  { path: ROUTES.myPrivacyPolicy, element: <LegalPage tab={0} /> },
                  { path: ROUTES.myTermsOfUse, element: <LegalPage tab={1} /> },
                ],
              },
              // Routes that open a dialog: the settings dialog over the profile, and
              // the feedback dialog over the home screen.
              { path: ROUTES.settings, element: <OpenModalPage modal="mySettings" then={ROUTES.myProfile} /> },
              { path: ROUTES.sendFeedback, element: <OpenModalPage modal="feedback" then={ROUTES.redirect} /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Loads the pages of the areas src/first-page.ts named for the page being opened (its chunks are already
 * on their way), so the first render shows the page itself rather than a spinner.
 */
export function preloadFirstPage(areas: string[]): Promise<unknown> {
  const pages: Record<string, { preload(): Promise<void> }[]> = {
    signIn: [SignInPage],
    auth: [SignUpPage, ForgotPasswordPage, ResetPasswordPage],
    shell: [AppShell],
    groups: [GroupsPage, GroupLayout],
    leads: [GroupLeadsPage],
    chat: [GroupRoomPage],
  };
  return Promise.all(areas.flatMap((area) => pages[area] ?? []).map((page) => page.preload()));
}

/**
 * Asks for the data the first page shows first (first-page.ts has started those calls beside the files,
 * so their answers are usually in): the shell's; on a group's lead list the group and its first page of
 * leads, and on its Messages tab the group and its room.
 */
export async function loadFirstPageData(areas: string[], pathname: string): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  if (areas.includes('shell')) loads.push(loadShell().then((shell) => shell.loadShellData(store.dispatch)));
  const groupId = routeId(
    (matchPath(ROUTES.groupLeads, pathname) ?? matchPath(ROUTES.groupMessages, pathname))?.params.group_id,
  );
  // A group's lead list or Messages tab, signed in (signed out, firstPageAreas names neither).
  if (groupId > 0 && (areas.includes('leads') || areas.includes('chat'))) {
    loads.push(loadGroups().then((groups) => store.dispatch(groups.fetchGroup(groupId))));
    if (areas.includes('leads')) {
      loads.push(
        loadLeads().then((leads) => {
          // Not waited for: the page shows its spinner in the toolbar's place if it is not in by then.
          void leads.preloadLeadListToolbar().catch(() => {});
          return store.dispatch(leads.fetchFirstLeadsPage(groupId));
        }),
      );
    }
    if (areas.includes('chat')) loads.push(loadChat().then((chat) => chat.loadGroupRoom(store.dispatch, groupId)));
  }
  return Promise.all(loads);
}

/** The app's routes, inside the BrowserRouter (app.tsx); a crash while rendering one shows the error page. */
export function AppRoutes() {
  const element = useRoutes(routes);
  const location = useLocation();
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
}

/** Lets the session rule of the base query navigate through the router, without a page load. */
export function RouterNavigator() {
  const navigate = useNavigate();
  useLayoutEffect(() => setNavigator((to, options) => void navigate(to, options)), [navigate]);
  return null;
}
