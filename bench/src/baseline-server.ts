// The baselines, in a process of their own: what the same machine does with the least code.
// - GET /ping: a bare Fastify route.
// - POST /user/get: the minimal route doing /api/user/get's work: an HS256 JWT checked with jose,
//   then one primary-key SELECT through pg.
// - POST /lead/offset: the app's own deep-page SQL for /lead/list (BASELINE_DEEP_SQL), through pg.
// - POST /lead/first: the app's own first-page SQL for /lead/list (BASELINE_FIRST_SQL), through pg,
//   answered with JSON.stringify: the lead list's same-work floor.
// Configured by environment: PORT, DATABASE_URL, JWT_SECRET, BASELINE_DEEP_SQL, BASELINE_DEEP_PARAMS,
// BASELINE_FIRST_SQL, BASELINE_FIRST_PARAMS.
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`baseline-server: ${name} is not set`);
  return value;
};

const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 10 });
const key = new TextEncoder().encode(env('JWT_SECRET'));
const deepSql = env('BASELINE_DEEP_SQL');
const deepParams = JSON.parse(env('BASELINE_DEEP_PARAMS')) as unknown[];
const firstSql = env('BASELINE_FIRST_SQL');
const firstParams = JSON.parse(env('BASELINE_FIRST_PARAMS')) as unknown[];

const app = Fastify();
app.get('/ping', async () => ({ status: 'ok' }));
app.post('/user/get', async (request, reply) => {
  const header = request.headers.authorization ?? '';
  try {
    const { payload } = await jwtVerify(header.slice('Bearer '.length), key, { algorithms: ['HS256'] });
    const { rows } = await pool.query('select * from users where id = $1', [Number(payload.sub)]);
    return rows[0];
  } catch {
    return reply.status(401).send({ message: 'unauthorized' });
  }
});
app.post('/lead/offset', async () => {
  const { rows } = await pool.query(deepSql, deepParams);
  return { leads: rows };
});

app.post('/lead/first', async (_request, reply) => {
  const { rows } = await pool.query(firstSql, firstParams);
  return reply.type('application/json').send(JSON.stringify({ leads: rows }));
});

await app.listen({ host: '127.0.0.1', port: Number(env('PORT')) });
console.log('baseline ready');
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
