import { chatCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import * as chat from './chat.service.js';

// The chat calls that lead comments need; the chat issue adds the rest.
export function registerChatRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(chatCalls.leadList, ({ userId, body }) => chat.listLeadMessages(deps, userId, body));
  call(chatCalls.messageSend, ({ userId, body }) => chat.sendMessage(deps, userId, body));
}
