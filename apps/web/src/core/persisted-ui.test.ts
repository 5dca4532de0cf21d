import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../test/memory-storage';
import { readPersistedUi, writePersistedUi } from './persisted-ui';

describe('persisted ui', () => {
  it('reads back what it wrote, in redux-persist’s format', () => {
    const storage = createMemoryStorage();
    expect(readPersistedUi(storage)).toBeUndefined();
    writePersistedUi(storage, { isSidebarCollapsed: true });
    expect(JSON.parse(storage.getItem('persist:leadcircle') ?? '')).toEqual({
      ui: '{"isSidebarCollapsed":true}',
      _persist: '{"version":-1,"rehydrated":true}',
    });
    expect(readPersistedUi(storage)).toEqual({ isSidebarCollapsed: true });
  });

  it('ignores what it cannot read', () => {
    const storage = createMemoryStorage();
    storage.setItem('persist:leadcircle', 'not json');
    expect(readPersistedUi(storage)).toBeUndefined();
    storage.setItem('persist:leadcircle', '{"ui":"[]"}');
    expect(readPersistedUi(storage)).toBeUndefined();
  });
});
