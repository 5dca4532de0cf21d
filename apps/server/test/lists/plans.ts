import { expect } from 'vitest';
import type { TestApp } from '../test-app.js';

// Reading query plans: every SELECT a call sends, explained with ANALYZE (rows read, never time).

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

// A SELECT, or a WITH that writes nothing (EXPLAIN ANALYZE runs the statement it explains).
const isReadOnly = (text: string) =>
  /^\s*select/i.test(text) || (/^\s*with\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text));

/**
 * Every SELECT that one call sends to PostgreSQL (pg's pool is the app's only road to the database),
 * on the pool or in a transaction, with the SET LOCAL statements its transaction ran before it.
 */
export async function selectsOf(t: TestApp, call: () => Promise<unknown>) {
  const seen: { text: string; values: unknown[]; settings: string[] }[] = [];
  type Queryable = { query: (...args: unknown[]) => unknown };
  const watch = (target: Queryable, settings: string[]) => {
    const query = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : (first as { text: string }).text;
      const values = second ?? (first as { values?: unknown[] }).values ?? [];
      if (/^\s*set local\b/i.test(text)) settings.push(text);
      if (/^\s*(commit|rollback)\b/i.test(text)) settings.length = 0;
      if (isReadOnly(text)) seen.push({ text, values: values as unknown[], settings: [...settings] });
      return query.apply(this, args);
    };
    return () => {
      target.query = query;
    };
  };
  type Client = Queryable & { release: (...args: unknown[]) => unknown };
  const pool = t.pool as unknown as Queryable & { connect: (...args: unknown[]) => Promise<Client> | undefined };
  const unwatchPool = watch(pool, []);
  const connect = pool.connect;
  // A client taken for a transaction (pool.query takes its own with a callback: already watched).
  pool.connect = function (this: unknown, ...args: unknown[]) {
    if (args.length > 0) return connect.apply(this, args);
    return connect.apply(this, args)!.then((client) => {
      const unwatch = watch(client, []);
      const release = client.release;
      client.release = function (this: unknown, ...releaseArgs: unknown[]) {
        unwatch();
        client.release = release;
        return release.apply(this, releaseArgs);
      };
      return client;
    });
  };
  try {
    await call();
  } finally {
    unwatchPool();
    pool.connect = connect;
  }
  return seen;
}

/** Every plan node of the call's SELECTs, with the rows it produced over all its loops. */
export async function planNodesOf(
  t: TestApp,
  call: () => Promise<unknown>,
  only: (text: string) => boolean = () => true,
) {
  const statements = (await selectsOf(t, call)).filter((s) => only(s.text));
  expect(statements.length).toBeGreaterThan(0);
  const nodes: { rows: number; removed: number; relation: string | undefined; where: string }[] = [];
  for (const { text, values, settings } of statements) {
    // With the settings its transaction had (a near-word threshold).
    const client = await t.pool.connect();
    let rows: unknown[];
    try {
      await client.query('begin');
      for (const setting of settings) await client.query(setting);
      ({ rows } = await client.query(`explain (analyze, format json) ${text}`, values));
    } finally {
      await client.query('rollback');
      client.release();
    }
    const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
    for (const node of flatten(plan)) {
      nodes.push({
        rows: node['Actual Rows'] * node['Actual Loops'],
        // Rows a scan read and dropped (its filter), over all its loops.
        removed: (node['Rows Removed by Filter'] ?? 0) * node['Actual Loops'],
        relation: node['Relation Name'],
        where: `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''} in: ${text}`,
      });
    }
  }
  return nodes;
}

/** The biggest number of rows any plan node of the call's SELECTs produced, and where. */
export async function mostRowsRead(
  t: TestApp,
  call: () => Promise<unknown>,
  only: (text: string) => boolean = () => true,
) {
  let most = { rows: 0, where: '' };
  for (const node of await planNodesOf(t, call, only)) {
    if (node.rows > most.rows) most = { rows: node.rows, where: node.where };
  }
  return most;
}
