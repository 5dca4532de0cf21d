// The bench's data: two groups of one owner, SMALL and BIG leads (each with its comment room), made
// by generate_series in batches of 100,000 with a progress line each. A database that already holds
// the same sizes (table bench_seed) is reused.
import type pg from 'pg';

const BATCH = 100_000;

export async function seedBench(
  pool: pg.Pool,
  sizes: { ownerId: number; small: number; big: number },
): Promise<{ small: number; big: number }> {
  await pool.query('create table if not exists bench_seed (small int, big int, small_group int, big_group int)');
  const { rows } = await pool.query<{ small: number; big: number; small_group: number; big_group: number }>(
    'select * from bench_seed',
  );
  const seeded = rows[0];
  if (seeded && seeded.small === sizes.small && seeded.big === sizes.big) {
    console.log(`reusing the seeded groups (${sizes.small} and ${sizes.big} leads)`);
    return { small: seeded.small_group, big: seeded.big_group };
  }
  if (seeded) throw new Error('this bench database holds other sizes: set BENCH_FRESH=1 to seed it again');

  const started = Date.now();
  const groupIds: number[] = [];
  for (const [name, size] of [
    ['Bench small group', sizes.small],
    ['Bench big group', sizes.big],
  ] as const) {
    const group = await pool.query<{ id: number }>(
      'insert into groups (name, created_by) values ($1, $2) returning id',
      [name, sizes.ownerId],
    );
    const groupId = group.rows[0]!.id;
    groupIds.push(groupId);
    await pool.query("insert into group_members (group_id, user_id, role) values ($1, $2, 'OWNER')", [
      groupId,
      sizes.ownerId,
    ]);
    // Its room, made with it as the app makes it.
    await pool.query("insert into chat_rooms (kind, group_id) values ('GROUP', $1)", [groupId]);
    for (let from = 1; from <= size; from += BATCH) {
      const to = Math.min(size, from + BATCH - 1);
      await pool.query(
        `with inserted as (
           insert into leads (group_id, created_by, first_name, last_name, title, company, email, phone, notes,
             street_one, city, state_abbrv, postal, latitude, longitude, rating_sum, rating_count,
             created_at, updated_at, last_activity_at)
           select $1, $2, 'Lead', 'Number ' || i, 'Head of Procurement', 'Company ' || (i % 1000),
             'lead' || i || '@example.com', '212555' || lpad((i % 10000)::text, 4, '0'), 'Seeded by the benchmark',
             i || ' Market Street', 'San Francisco', 'CA', '94105', 37.79, -122.39, (i % 3) * (1 + i % 5), i % 3,
             now() - make_interval(secs => i), now() - make_interval(secs => i), now() - make_interval(secs => i)
           from generate_series($3::int, $4::int) as i
           returning id, group_id)
         insert into chat_rooms (kind, lead_id, group_id) select 'LEAD', id, group_id from inserted`,
        [groupId, sizes.ownerId, from, to],
      );
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`  ${name}: ${to.toLocaleString('en-US')} of ${size.toLocaleString('en-US')} leads (${seconds} s)`);
    }
  }
  // What autovacuum does to a table that has settled: statistics, and the visibility map that lets
  // the page's id lookup read the index alone.
  console.log('  vacuum analyze…');
  await pool.query('vacuum analyze leads');
  await pool.query('vacuum analyze chat_rooms');
  await pool.query('analyze');
  await pool.query('insert into bench_seed values ($1, $2, $3, $4)', [
    sizes.small,
    sizes.big,
    groupIds[0],
    groupIds[1],
  ]);
  console.log(`seeded ${sizes.small + sizes.big} leads in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { small: groupIds[0]!, big: groupIds[1]! };
}
