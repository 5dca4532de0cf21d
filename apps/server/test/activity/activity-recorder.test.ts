import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordActivity } from '../../src/activity/activity-recorder.js';
import { activities } from '../../src/db/schema/index.js';
import { createGroupWithMembers } from '../groups.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('recordActivity', () => {
  it("is written with the writer's transaction: kept on commit, gone on rollback", async () => {
    const ctx = await createGroupWithMembers(t);
    const activity = { type: 'TEST', actorUserId: ctx.owner.user.id, groupId: ctx.group.groupId, data: { n: 1 } };
    await t.db.transaction((tx) => recordActivity(tx, activity));
    await expect(
      t.db.transaction(async (tx) => {
        await recordActivity(tx, { ...activity, data: { n: 2 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // The member's join is activity too; only the test's own rows are looked at.
    const rows = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.groupId, ctx.group.groupId), eq(activities.type, 'TEST')));
    expect(rows.map((r) => r.data)).toEqual([{ n: 1 }]);
  });
});
