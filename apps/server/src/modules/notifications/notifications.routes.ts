import {
  inboxCalls,
  notificationSettingCalls,
  UNSUBSCRIBE_PATH,
  unsubscribeQuery,
  unsubscribeResponse,
} from '@leadcircle/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar, RawRoutes } from '../../http/call.js';
import * as inbox from './notifications.service.js';
import * as settings from './settings.service.js';

// The inbox calls and the notification switches.
export function registerNotificationRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(inboxCalls.list, ({ userId, body }) => inbox.listInbox(deps, userId, body));
  call(inboxCalls.read, ({ userId, body }) => inbox.markRead(deps, userId, body.activity_id));
  call(inboxCalls.readAll, ({ userId }) => inbox.markAllRead(deps, userId));
  call(notificationSettingCalls.get, ({ userId, body }) => settings.getSetting(deps, userId, body));
  call(notificationSettingCalls.toggle, ({ userId, body }) => settings.toggleSetting(deps, userId, body));
}

/** One-click unsubscribe: no sign-in, the token in the query, whatever body a mail client posts (RFC 8058). */
export async function registerNotificationRawRoutes({ app }: RawRoutes, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    // Mail clients post `List-Unsubscribe=One-Click` as a form; the body says nothing the link does not.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(`/api${UNSUBSCRIBE_PATH}`, {
      schema: {
        summary: 'Turns off the one notification switch a notification e-mail was sent under (its link, once)',
        tags: ['notification'],
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeResponse },
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return settings.unsubscribe(deps, request.query.token);
      },
    });
  });
}
