import type { Logger } from 'pino';
import type { ActivityRecorder } from './activity/activity-recorder.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { AccessTokens } from './http/access-token.js';
import type { Clock } from './lib/clock.js';
import type { BillingProvider } from './providers/billing/billing-provider.js';
import type { FileStorage } from './providers/files/file-storage.js';
import type { Mailer } from './providers/mail/mailer.js';
import type { RealtimePublisher } from './realtime/publisher.js';

/** What services need from the outside world, built once in buildApp. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  files: FileStorage;
  billing: BillingProvider;
  accessTokens: AccessTokens;
  log: Logger;
  /** Delivers events to open sockets after a change commits (in-process, or through Redis); services publish, never routes or queries. */
  realtime: RealtimePublisher;
  /** Records activities inside the writer's transaction. */
  activities: ActivityRecorder;
}
