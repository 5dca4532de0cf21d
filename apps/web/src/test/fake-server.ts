import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { baseApi } from '../core/base-api';
import { store } from '../core/store';

// A fake server for the tests of screens that call the API: each path answers from its list, one
// answer per call, the last one again once the list is spent. Everything is undone when the test
// ends (after the afterEach hooks, so the screen is unmounted first): fetch and Request come back,
// and the API cache is emptied so no answer leaks into the next test.

export interface FakeAnswer {
  status: number;
  body: unknown;
  /** A slow server: the answer comes once this has settled. */
  after?: Promise<unknown>;
}

/**
 * One call the app made: the path under the origin ('/api/lead/get'), its query ('?a=1', or '') and its JSON body
 * (a multipart body: its fields, a file as its File).
 */
export interface FakeCall {
  path: string;
  query: string;
  body: unknown;
}

export function answerCalls(answers: Record<string, FakeAnswer | readonly FakeAnswer[]>): FakeCall[] {
  const queues = new Map(
    Object.entries(answers).map(([path, answer]) => [path, Array.isArray(answer) ? [...answer] : [answer]]),
  );
  const calls: FakeCall[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { pathname: path, search: query } = new URL(request.url);
    calls.push({ path, query, body: await readBody(request) });
    const queue = queues.get(path);
    const answer: FakeAnswer = queue?.length
      ? ((queue.length > 1 ? queue.shift() : queue[0]) as FakeAnswer)
      : { status: 501, body: { message: `The fake server has no answer for ${path}.`, code: 'NO_FAKE_ANSWER' } };
    await answer.after;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  // jsdom has no origin for Node's Request to resolve '/api/…' against, and Node's Request refuses
  // jsdom's AbortSignal: the app's requests are built against the page's address, without the signal.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, { ...init, signal: null });
      }
    },
  );

  // Uploads that tell their progress go by XMLHttpRequest: answered the same way. The body goes up in two
  // halves: the first before the answer is asked for (a held answer shows 50%), the second with it.
  class FakeXMLHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    send(body?: XMLHttpRequestBodyInit | null) {
      const sent = (loaded: number) =>
        this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total: 2 }));
      void (async () => {
        sent(1);
        const response = await fetchMock(this.url, { method: this.method, headers: this.headers, body: body ?? null });
        sent(2);
        this.status = response.status;
        this.responseText = await response.text();
        this.dispatchEvent(new Event('load'));
      })().catch(() => this.dispatchEvent(new Event('error')));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);

  onTestFinished(() => {
    store.dispatch(baseApi.util.resetApiState());
    vi.unstubAllGlobals();
  });
  return calls;
}

async function readBody(request: Request): Promise<unknown> {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    return Object.fromEntries((await request.formData()).entries());
  }
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

/** The bodies the app sent to one path, in order. */
export const bodiesSentTo = (calls: readonly FakeCall[], path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.body);

/**
 * Holds answers back: give `held` as their `after`, and they come when the test calls `release()`
 * (the loading state is on screen until then).
 */
export function holdAnswers() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release: () => act(async () => release()) };
}
