import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { callAs } from './groups.js';

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
