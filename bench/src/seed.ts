// The bench's data: two groups of one owner, SMALL and BIG leads (each with its comment room), made
// by generate_series in batches of 100,000 with a progress line each. A database that already holds
// the same sizes (table bench_seed) is reused.
import type pg from 'pg';

const BATCH = 100_000;

const list = (words: string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
const FIRST = list(
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle José Zoë Aisha Wei Priya Mateo Olga Kenji Fatima Liam'.split(
    ' ',
  ),
);
const LAST = list(
  "Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Müller O'Brien".split(
    ' ',
  ),
);
// Made-up surnames (Hart + well = Hartwell): 300 more, so a name prefix is as selective as in a real list.
const LAST_HEAD = list(
  'Hart Black Wood Ash Stone Fair Green Brook Kings Mill Whit Ross Bright Cold West North Ald Win Rad Hol'.split(' '),
);
const LAST_TAIL = list('well man ford ley ton wood field by more son ridge ham worth croft er'.split(' '));
const COMPANY_HEAD = list(
  'Harbor Summit Pioneer Evergreen Blue Red Silver Golden Iron Cedar Maple Oak Pine River Lake Ocean Prairie Canyon Desert Northern Southern Eastern Western Pacific Atlantic Liberty Eagle Falcon Hawk Lion Bear Wolf Fox Apex Vertex Quantum Nova Stellar Lunar Solar Bright Clear True Prime Alpha Delta Omega Vector Crescent Granite'.split(
    ' ',
  ),
);
const COMPANY_TAIL = list(
  'Systems Logistics Foods Health Labs Partners Energy Capital Media Software Builders Dynamics Analytics Supply Motors Farms Consulting Networks Realty Insurance Pharma Robotics Textiles Freight Studios Foundry Brewing Solutions Holdings Ventures'.split(
    ' ',
  ),
);
const TITLE = list([
  'Head of Procurement',
  'Operations Manager',
  'CEO',
  'CFO',
  'Office Manager',
  'VP Sales',
  'Buyer',
  'IT Director',
  'Owner',
  'Facilities Lead',
]);
// States weighted by repeats; the city at the same position.
const STATE = list('CA CA CA TX TX NY NY FL FL IL PA OH GA NC MI WA AZ MA CO OR'.split(' '));
const CITY = list([
  'Los Angeles',
  'San Francisco',
  'San Diego',
  'Houston',
  'Austin',
  'New York',
  'Buffalo',
  'Miami',
  'Orlando',
  'Chicago',
  'Philadelphia',
  'Columbus',
  'Atlanta',
  'Charlotte',
  'Detroit',
  'Seattle',
  'Phoenix',
  'Boston',
  'Denver',
  'Portland',
]);
const AREA = list('212 415 312 713 305 206 617 404 602 303 503 313'.split(' '));
const OUTCOME = list(['CONTACTED', 'MEETING', 'PROPOSAL', 'WON', 'LOST']);

/**
 * One batch of leads $3..$4 of group $1 by member $2: varied names, 1,500 companies (two words, each
 * with its own e-mail domain), states, phones, a quarter with an outcome, a sixth assigned, and the
 * duplicate keys filled as the app fills them. Every pick is a hash of the lead's number, so every
 * seed is the same.
 */
export const LEADS_SQL = `
  insert into leads (group_id, created_by, first_name, last_name, title, company, email, phone, notes,
    street_one, city, state_abbrv, postal, latitude, longitude, rating_sum, rating_count, outcome_stage,
    assigned_to, email_key, phone_key, name_key, created_at, updated_at, last_activity_at)
  select $1, $2, p.first, p.last, p.title, p.company, p.email, p.phone, 'Seeded by the benchmark',
    i || ' Market Street', p.city, p.state, '94105', 37.79, -122.39, (i % 3) * (1 + i % 5), i % 3, p.outcome,
    p.assigned, lower(p.email), regexp_replace(p.phone, '[^0-9]', '', 'g'),
    lower(p.first) || '|' || lower(p.last) || '|' || lower(p.company),
    now() - make_interval(secs => i), now() - make_interval(secs => i), now() - make_interval(secs => i)
  from generate_series($3::int, $4::int) as i,
  lateral (select abs(hashint4extended(i, 1)) as h1, abs(hashint4extended(i, 2)) as h2, abs(hashint4extended(i, 3)) as h3) h,
  lateral (select ${FIRST} as fs, ${LAST} as ls, ${LAST_HEAD} as lh, ${LAST_TAIL} as lt, ${COMPANY_HEAD} as ch,
    ${COMPANY_TAIL} as ct, ${TITLE} as ts, ${STATE} as ss, ${CITY} as cs, ${AREA} as ar, ${OUTCOME} as os) w,
  lateral (select w.fs[1 + h.h1 % cardinality(w.fs)] as first,
    case when h.h1 / 64 % 3 = 0 then w.ls[1 + h.h1 / 256 % cardinality(w.ls)]
      else w.lh[1 + h.h1 / 256 % cardinality(w.lh)] || w.lt[1 + h.h1 / 8192 % cardinality(w.lt)] end as last,
    w.ch[1 + h.h2 % cardinality(w.ch)] as head, w.ct[1 + h.h2 / 64 % cardinality(w.ct)] as tail,
    1 + h.h3 % cardinality(w.ss) as place) n,
  lateral (select n.first, n.last, n.head || ' ' || n.tail as company, w.ts[1 + h.h3 / 32 % cardinality(w.ts)] as title,
    case when h.h3 / 1024 % 20 = 0 then null
      else translate(lower(n.first || '.' || n.last), 'éëü''', 'eeu')
        || case when h.h3 / 1024 % 4 = 0 then (h.h2 / 4096 % 100)::text else '' end
        || '@' || lower(n.head || n.tail) || '.com' end as email,
    '(' || w.ar[1 + h.h2 / 4096 % cardinality(w.ar)] || ') ' || lpad((h.h3 / 64 % 1000)::text, 3, '0') || '-'
      || lpad((h.h1 / 16 % 10000)::text, 4, '0') as phone,
    w.ss[n.place] as state, w.cs[n.place] as city,
    case when h.h2 / 8 % 4 = 0 then w.os[1 + h.h2 / 32 % cardinality(w.os)]::lead_outcome_stage end as outcome,
    case when h.h3 / 8 % 6 = 0 then $2::int end as assigned) p
  returning id, group_id`;

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
        `with inserted as (${LEADS_SQL}) insert into chat_rooms (kind, lead_id, group_id) select 'LEAD', id, group_id from inserted`,
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
