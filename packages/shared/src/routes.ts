// The route table of both spec documents.

export const ROUTES = {
  root: '/',
  signIn: '/signin',
  signUp: '/signup',
  signOut: '/signout',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  oauthLogin: '/oauth_login',
  signupConfirmation: '/signup-confirmation',
  downloadApp: '/download-app',
  testFlow: '/test-flow',
  groupUserInvited: '/group/user_invited',
  opportunityUserInvited: '/opportunity/user_invited',
  faq: '/faq',
  email: '/email',
  userAgreement: '/user-agreement',
  terms: '/terms',
  privacyPolicy: '/privacy-policy',
  // Beyond the spec: a notification e-mail's one-click unsubscribe (works signed in or out).
  unsubscribe: '/unsubscribe',

  redirect: '/redirect',
  activities: '/activities',
  groups: '/groups',
  createGroup: '/groups/create-group',
  group: '/groups/:group_id',
  groupUsers: '/groups/:group_id/users',
  groupLeads: '/groups/:group_id/leads',
  groupLead: '/groups/:group_id/leads/:lead_id',
  groupMessages: '/groups/:group_id/messages',
  groupSettings: '/groups/:group_id/settings',
  chatDirect: '/chat/direct',
  chatOpportunities: '/chat/opportunities',
  chatGroups: '/chat/groups',
  chatBusiness: '/chat/business',
  opportunities: '/opportunities',
  opportunityInformation: '/opportunities/:opportunity_id/information',
  // The other screens of an opportunity, under its id like /information.
  opportunity: '/opportunities/:opportunity_id',
  opportunityMessages: '/opportunities/:opportunity_id/messages',
  opportunityContacts: '/opportunities/:opportunity_id/contacts',
  opportunityContact: '/opportunities/:opportunity_id/contacts/:contact_id',
  opportunitySettings: '/opportunities/:opportunity_id/settings',
  settings: '/settings',
  myProfile: '/my-settings/profile',
  myNotifications: '/my-settings/notifications',
  myPrivacyPolicy: '/my-settings/privacy-policy',
  myTermsOfUse: '/my-settings/terms-of-use',
  adminManageUsers: '/admin/manage-users',
  adminInvoices: '/admin/invoices',
  adminCrms: '/admin/crms',
  // Where a CRM's sign-in page sends the admin back (provider: salesforce or hubspot).
  adminCrmCallback: '/admin/crms/:provider/callback',
  manageTerritories: '/manage-territories',
  sendFeedback: '/send-feedback',
  territory: '/territory',
  // Beyond the spec: search everywhere's results page (`?q=`, `&kind=` for one kind).
  search: '/search',
} as const;

/** Replaces `:name` parameters of a route (the spec's "helper that replaces the parameters in braces"). */
export function routePath(route: string, params: Record<string, string | number> = {}): string {
  return route.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${route}`);
    return encodeURIComponent(String(value));
  });
}
