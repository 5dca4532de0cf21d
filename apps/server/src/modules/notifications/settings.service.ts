import type { NotificationService, NotificationSetting } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { badRequest, conflict } from '../../http/errors.js';
import { DAY_MS } from '../../lib/clock.js';
import { hashToken } from '../../lib/secrets.js';
import { updateUser } from '../accounts/accounts.service.js';
import { storeMessagesSetting as storeGroupMessagesSetting } from '../groups/groups.access.js';
import { getNotificationSettings, updateGroupNotifications } from '../groups/groups.service.js';
import { storeMessagesSetting } from '../opportunities/opportunities.access.js';
import { getMessagesNotification, setMessagesNotification } from '../opportunities/opportunities.service.js';
import * as q from './mail.queries.js';

// The notification switches: a group's and an opportunity's Messages (stored with the membership, so they
// go with it), and the one-click unsubscribe that turns one switch off without signing in.

interface SettingInput {
  delivery_method: 'EMAIL';
  service: NotificationService;
  service_id: number;
  action: 'MESSAGES';
}

function present(input: SettingInput, toggledOn: boolean): NotificationSetting {
  return {
    deliveryMethod: input.delivery_method,
    service: input.service,
    serviceId: input.service_id,
    action: input.action,
    toggledOn,
  };
}

/** The caller's switch; a group or opportunity they are not in answers 404 as if it did not exist. */
export async function getSetting(deps: AppDeps, userId: number, input: SettingInput): Promise<NotificationSetting> {
  if (input.service === 'GROUP') {
    const { enableEmail } = await getNotificationSettings(deps, userId, { group_id: input.service_id });
    return present(input, enableEmail);
  }
  return present(input, await getMessagesNotification(deps, userId, input.service_id));
}

export async function toggleSetting(
  deps: AppDeps,
  userId: number,
  input: SettingInput & { toggled_on: boolean },
): Promise<NotificationSetting> {
  const { toggled_on: on, ...setting } = input;
  if (setting.service === 'GROUP') {
    await updateGroupNotifications(deps, userId, { group_id: setting.service_id, enableEmail: on });
  } else {
    await setMessagesNotification(deps, userId, setting.service_id, on);
  }
  return present(setting, on);
}

const UNSUBSCRIBED: Record<string, string> = {
  ACCOUNT: 'You will no longer get notification e-mails.',
  NEW_LEADS: 'You will no longer get e-mails about new leads.',
  GROUP: 'You will no longer get e-mails about this group: its messages and new leads.',
  OPPORTUNITY: 'You will no longer get e-mails about messages in this opportunity.',
};

// An unsubscribe link works for 90 days after its e-mail was sent (the law asks for at least 30).
export const UNSUBSCRIBE_LINK_DAYS = 90;
const isExpired = (madeAt: Date, now: Date) => now.getTime() - madeAt.getTime() >= UNSUBSCRIBE_LINK_DAYS * DAY_MS;

/** One click from an e-mail: turns off the switch it was sent under. Each link works once. */
export async function unsubscribe(deps: AppDeps, token: string): Promise<{ message: string }> {
  const link = await q.findUnsubscribeLink(deps.db, hashToken(token));
  if (!link || isExpired(link.createdAt, deps.clock.now())) throw badRequest('UNSUBSCRIBE_LINK_INVALID');
  if (link.usedAt !== null) throw conflict('UNSUBSCRIBE_LINK_USED');
  const [kind, rawId] = link.switchKey.split(':');
  const id = Number(rawId);
  await deps.db.transaction(async (tx) => {
    if (!(await q.useUnsubscribeLink(tx, link.id, deps.clock.now()))) throw conflict('UNSUBSCRIBE_LINK_USED');
    // Each switch is written by the module that owns it, in the transaction that spends the link.
    if (kind === 'NEW_LEADS') await updateUser(tx, link.userId, { leadEmails: 'OFF' });
    else if (kind === 'GROUP') await storeGroupMessagesSetting(tx, id, link.userId, false);
    else if (kind === 'OPPORTUNITY') {
      await storeMessagesSetting(tx, {
        opportunityId: id,
        userId: link.userId,
        messagesEnabled: false,
        updatedAt: deps.clock.now(),
      });
    } else await updateUser(tx, link.userId, { enableEmailNotifications: false });
  });
  const what = UNSUBSCRIBED[kind ?? ''] ?? UNSUBSCRIBED.ACCOUNT!;
  return { message: `${what} You can turn them back on in My settings → Notifications.` };
}
