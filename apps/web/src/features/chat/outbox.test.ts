import type { ChatMessage } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { Outbox, type SendResult } from './outbox';

const stored = (clientMessageId: string) => ({ messageId: 1, clientMessageId }) as unknown as ChatMessage;

describe('Outbox', () => {
  it('keeps messages while the connection is down and sends each once, in order, when it is back', async () => {
    const box = new Outbox(false);
    box.add(1, 'first');
    box.add(1, 'second');
    const sent: string[] = [];
    let isOnline = false;
    const send = async (item: { message: string; clientMessageId: string }): Promise<SendResult> => {
      if (!isOnline) return { ok: false, retry: true };
      sent.push(item.message);
      return { ok: true, message: stored(item.clientMessageId) };
    };
    await box.flush(send);
    expect(sent).toEqual([]);
    expect(box.getItems().map((item) => item.status)).toEqual(['waiting', 'waiting']);
    isOnline = true;
    await Promise.all([box.flush(send), box.flush(send)]);
    expect(sent).toEqual(['first', 'second']);
    expect(box.getItems()).toEqual([]);
  });

  it('keeps a refused message with its reason, and goes on with the next', async () => {
    const box = new Outbox(false);
    box.add(1, 'too long');
    box.add(1, 'fine');
    await box.flush(async (item) =>
      item.message === 'fine'
        ? { ok: true, message: stored(item.clientMessageId) }
        : { ok: false, retry: false, error: 'No' },
    );
    expect(box.getItems()).toMatchObject([{ message: 'too long', status: 'failed', error: 'No' }]);
  });

  it('keeps the text of unsent messages for the next time the app opens, even after the tab closed', () => {
    localStorage.clear();
    sessionStorage.clear();
    const box = new Outbox();
    box.add(3, 'sent when back online');
    // A new tab (its session storage empty) opens the same outbox.
    sessionStorage.clear();
    const reopened = new Outbox();
    expect(reopened.getItems()).toMatchObject([{ roomId: 3, message: 'sent when back online', status: 'waiting' }]);
    reopened.discard(reopened.getItems()[0]!.clientMessageId);
    expect(localStorage.getItem('chat_outbox')).toBeNull();
  });
});
