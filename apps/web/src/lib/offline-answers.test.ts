import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../test/memory-storage';
import { forgetAnswers, keepAnswer, lastAnswer } from './offline-answers';

describe('the offline copy of the last answers', () => {
  it('keeps the lead list and rooms per call, and only those', () => {
    const storage = createMemoryStorage();
    keepAnswer('/lead/list', { group_id: 4 }, { leads: [{ leadId: 1 }] }, storage);
    keepAnswer('/chat/room/list', { grouping_level: 'DIRECT' }, { rooms: [] }, storage);
    keepAnswer('/lead/create', { group_id: 4 }, { leadId: 2 }, storage);
    expect(lastAnswer('/lead/list', { group_id: 4 }, storage)).toEqual({ data: { leads: [{ leadId: 1 }] } });
    expect(lastAnswer('/lead/list', { group_id: 5 }, storage)).toBeUndefined();
    expect(lastAnswer('/chat/room/list', { grouping_level: 'DIRECT' }, storage)).toEqual({ data: { rooms: [] } });
    expect(lastAnswer('/lead/create', { group_id: 4 }, storage)).toBeUndefined();
    forgetAnswers(storage);
    expect(lastAnswer('/lead/list', { group_id: 4 }, storage)).toBeUndefined();
  });

  it('keeps a bounded amount, dropping the oldest', () => {
    const storage = createMemoryStorage();
    for (let i = 0; i < 50; i += 1) keepAnswer('/lead/list', { group_id: i }, { n: i }, storage);
    expect(lastAnswer('/lead/list', { group_id: 49 }, storage)).toEqual({ data: { n: 49 } });
    expect(lastAnswer('/lead/list', { group_id: 0 }, storage)).toBeUndefined();
  });
});
