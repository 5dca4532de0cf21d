import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { callAs } from './groups.js';
import { waitForMail } from './mailbox.js';

/** The group's room id, as its members see it in /chat/room/list. */
export async function groupRoomId(request: APIRequestContext, accessToken: string, groupId: number): Promise<number> {
  const { rooms } = (await callAs(request, accessToken, '/chat/room/list', {
    grouping_level: 'GROUP',
    grouping_level_id: groupId,
    limit: 50,
    offset: 0,
  })) as { rooms: Array<{ roomId: number }> };
  expect(rooms).toHaveLength(1);
  return rooms[0]!.roomId;
}

export async function sendThroughApi(request: APIRequestContext, accessToken: string, roomId: number, message: string) {
  await callAs(request, accessToken, '/chat/message/send', { room_id: roomId, message });
}

/** Sends a file to a room as ATTACH FILE does (multipart). */
export async function sendFileThroughApi(
  request: APIRequestContext,
  accessToken: string,
  roomId: number,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const response = await request.post('/api/chat/attachment/upload', {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: { room_id: String(roomId), file },
  });
  expect(response.ok(), `upload answered ${response.status()}: ${await response.text()}`).toBe(true);
}

const ADDRESS = { street_one: '1 Market Street', city: 'San Francisco', state_abbrv: 'CA', postal: '94105' };

/** An opportunity made through the API; answers its id and its room's. */
export async function createOpportunityThroughApi(request: APIRequestContext, accessToken: string, name: string) {
  return (await callAs(request, accessToken, '/opportunity/set', {
    name,
    notes: 'Two cranes and a warehouse.',
    address: ADDRESS,
  })) as { opportunityId: number; roomId: number };
}

/** The owner shares an opportunity with a colleague, who accepts the e-mailed invitation. */
export async function shareOpportunityThroughApi(
  request: APIRequestContext,
  opportunityId: number,
  owner: { accessToken: string },
  colleague: { accessToken: string; email: string },
) {
  await callAs(request, owner.accessToken, '/opportunity/user/invite', {
    opportunity_id: opportunityId,
    email: colleague.email,
  });
  const invite = await waitForMail(colleague.email, /shared the opportunity/);
  await callAs(request, colleague.accessToken, '/opportunity/user/invite_accept', {
    opportunity_id: opportunityId,
    invite_code: new URL(invite.link).searchParams.get('invite_code'),
  });
}

/** Renames an opportunity through the API (its other fields as made above). */
export async function renameOpportunityThroughApi(
  request: APIRequestContext,
  accessToken: string,
  opportunityId: number,
  name: string,
) {
  await callAs(request, accessToken, '/opportunity/update', {
    opportunity_id: opportunityId,
    name,
    notes: 'Two cranes and a warehouse.',
    address: ADDRESS,
  });
}

/** An open conversation: its messages, the composer and the message actions. */
export class Conversation {
  readonly region: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: /^Conversation/ });
  }

  get composer(): Locator {
    return this.region.getByLabel('Write a message');
  }

  /** The messages of one author, as list items. */
  messagesFrom(name: string): Locator {
    return this.region.getByRole('listitem', { name: `Message from ${name}` });
  }

  async send(text: string): Promise<void> {
    await this.composer.fill(text);
    await this.composer.press('Enter');
    await expect(this.composer).toHaveValue('');
  }
}

/** The sidebar's Chat item (its name carries the unread count). */
export function chatMenuItem(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Chat/ });
}
