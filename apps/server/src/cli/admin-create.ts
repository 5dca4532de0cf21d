import { parseArgs } from 'node:util';
import { emailField } from '@leadcircle/shared';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig, loadProjectEnvFile } from '../config.js';
import { runningEmbeddedUrl } from '../db/embedded.js';
import { openDatabase } from '../db/open.js';
import { AppError } from '../http/errors.js';
import { sendAdminWelcome } from '../modules/auth/auth.service.js';
import { createBusinessWithAdmin } from '../modules/business/business.service.js';

// npm run admin:create -- --email … --business … [--first-name …] [--last-name …]
// Creates a business and its ADMIN, then e-mails them a welcome with a link to choose a password.
// Works beside a running server: it then uses that server's embedded database.

const usage =
  'Usage: npm run admin:create -- --email <address> --business <name> [--first-name <name>] [--last-name <name>]';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      business: { type: 'string' },
      'first-name': { type: 'string', default: 'Admin' },
      'last-name': { type: 'string', default: 'User' },
    },
  });
  const email = emailField.safeParse(values.email ?? '');
  const businessName = values.business?.trim();
  if (!email.success || !businessName) {
    console.error(email.success ? 'The business name is required.' : `--email: ${email.error.issues[0]?.message}`);
    console.error(usage);
    process.exit(2);
  }
  // The same settings as the server that npm start runs: the project's .env, paths against the project folder.
  loadProjectEnvFile();
  const loaded = loadConfig();
  // While a server runs on DATA_DIR's embedded PostgreSQL, use its database rather than starting another.
  const databaseUrl = loaded.databaseUrl ?? runningEmbeddedUrl(loaded.dataDir);
  const config = { ...loaded, databaseUrl, logLevel: 'error', jobsEnabled: false };
  const database = await openDatabase(config);
  try {
    const { deps } = await buildApp({ config, database });
    const admin = await createBusinessWithAdmin(deps, {
      businessName,
      email: email.data,
      firstName: values['first-name']!,
      lastName: values['last-name']!,
    });
    const url = await sendAdminWelcome(deps, admin, businessName);
    await deps.mailer.idle();
    console.log(`Created business "${businessName}" with admin ${admin.email} (user ${admin.id}).`);
    console.log(`They choose a password from the e-mail just sent, or at: ${url}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof AppError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
