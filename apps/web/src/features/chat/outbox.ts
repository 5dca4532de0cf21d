import type { ChatMessage } from '@leadcircle/shared';
import { onSignOut } from '../../core/session-slice';
import { newClientId } from '../../lib/client-id';

// Messages written in this tab and not yet stored by the server, in the order written. A message typed
// while the connection is down waits here and goes when it is back; each carries its own client id, so
// the server stores it once however often it is tried. Text survives a closed tab (local storage: the
// app opened again, even offline, sends it on reconnect); a file waits in memory only.

export type OutboxStatus = 'waiting' | 'sending' | 'failed';

export interface OutboxItem {
  clientMessageId: string;
  roomId: number;
  message: string;
  file?: File;
  status: OutboxStatus;
  error?: string;
}

export type SendResult = { ok: true; message: ChatMessage } | { ok: false; retry: boolean; error?: string };
export type Sender = (item: OutboxItem) => Promise<SendResult>;

const STORAGE_KEY = 'chat_outbox';

function readStored(): OutboxItem[] {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as OutboxItem[];
    // Whatever was being sent when the page went is tried again (its client id keeps it single).
    return Array.isArray(stored) ? stored.map((item) => ({ ...item, status: 'waiting' as const })) : [];
  } catch {
    return [];
  }
}

export class Outbox {
  private items: OutboxItem[];
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<(message: ChatMessage) => void>();
  private isFlushing = false;

  constructor(private readonly persist = true) {
    this.items = persist ? readStored() : [];
  }

  getItems = (): OutboxItem[] => this.items;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called with each message the server stored from here (the room shows it at once). */
  onSent(listener: (message: ChatMessage) => void): () => void {
    this.sentListeners.add(listener);
    return () => this.sentListeners.delete(listener);
  }

  add(roomId: number, message: string, file?: File): OutboxItem {
    const item: OutboxItem = {
      clientMessageId: newClientId(),
      roomId,
      message,
      status: 'waiting',
      ...(file && { file }),
    };
    this.update([...this.items, item]);
    return item;
  }

  /** A refused message is tried again as it is (after waiting out a rate limit, say). */
  retry(clientMessageId: string): void {
    this.setStatus(clientMessageId, { status: 'waiting', error: undefined });
  }

  discard(clientMessageId: string): void {
    this.update(this.items.filter((item) => item.clientMessageId !== clientMessageId));
  }

  /** Sends the waiting messages one after another, in order; stops at the first that must wait. */
  async flush(send: Sender): Promise<void> {
    if (this.isFlushing) return;
    this.isFlushing = true;
    try {
      for (;;) {
        const next = this.items.find((item) => item.status === 'waiting');
        if (!next) return;
        this.setStatus(next.clientMessageId, { status: 'sending' });
        const result = await send(next);
        if (result.ok) {
          this.discard(next.clientMessageId);
          for (const listener of this.sentListeners) listener(result.message);
        } else if (result.retry) {
          this.setStatus(next.clientMessageId, { status: 'waiting' });
          return;
        } else {
          this.setStatus(next.clientMessageId, { status: 'failed', error: result.error });
        }
      }
    } finally {
      this.isFlushing = false;
    }
  }

  private setStatus(clientMessageId: string, change: Pick<OutboxItem, 'status' | 'error'>): void {
    this.update(this.items.map((item) => (item.clientMessageId === clientMessageId ? { ...item, ...change } : item)));
  }

  private update(items: OutboxItem[]): void {
    this.items = items;
    if (this.persist) {
      const stored = items.filter((item) => !item.file).map(({ file: _file, ...item }) => item);
      try {
        if (stored.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
        else localStorage.removeItem(STORAGE_KEY);
      } catch {
        // Storage full or blocked: the queue still works in memory.
      }
    }
    for (const listener of this.listeners) listener();
  }
}

/** The tab's outbox. */
export const outbox = new Outbox();

/** Forgets everything queued (signing out). */
export function clearOutbox(): void {
  for (const item of outbox.getItems()) outbox.discard(item.clientMessageId);
}

// Messages not sent yet were this person's: they do not wait for the next one.
onSignOut(clearOutbox);
