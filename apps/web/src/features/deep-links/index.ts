export { EmailLinkPage } from './email-link-page';
export { InviteLinkPage } from './invite-link-page';
export { UnsubscribePage } from './unsubscribe-page';
