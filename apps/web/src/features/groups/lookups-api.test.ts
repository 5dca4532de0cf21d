import { lookupCallPaths } from '@leadcircle/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { store } from '../../core/store';
import { answerCalls } from '../../test/fake-server';
import { groupsApi } from './api';

// Lookups change only with a deploy: the web app asks for each once per session.
afterEach(() => {
  vi.useRealTimers();
});

describe('lookups', () => {
  it('are asked for once per session, however long ago the last screen that showed them closed', async () => {
    const calls = answerCalls({
      [`/api${lookupCallPaths.targets.path}`]: { status: 200, body: { targets: [{ targetId: 1, target: 'Banking' }] } },
      [`/api${lookupCallPaths.products.path}`]: { status: 200, body: { products: [] } },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    for (let visit = 0; visit < 3; visit += 1) {
      const targets = store.dispatch(groupsApi.endpoints.listTargets.initiate());
      const products = store.dispatch(groupsApi.endpoints.listProducts.initiate());
      await targets;
      await products;
      targets.unsubscribe();
      products.unsubscribe();
      // An hour with no screen showing them.
      await vi.advanceTimersByTimeAsync(60 * 60_000);
    }
    expect(calls.map((c) => c.path).sort()).toEqual(
      [`/api${lookupCallPaths.products.path}`, `/api${lookupCallPaths.targets.path}`].sort(),
    );
  });
});
