import { parseArgs } from 'node:util';
import { emailField } from '@leadcircle/shared';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { AppError } from '../http/errors.js';
import { sendPasswordSetupLink } from '../modules/auth/auth.service.js';
import { createBusinessWithAdmin } from '../modules/business/business.service.js';

// npm run admin:create -- --email … --business … [--first-name …] [--last-name …]
// Creates a business and its ADMIN, then e-mails them a link to choose a password.

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
  const config = { ...loadConfig(), logLevel: 'error', jobsEnabled: false };
  const database = await openDatabase(config);
  try {
    const { deps } = await buildApp({ config, database });
    const admin = await createBusinessWithAdmin(deps, {
      businessName,
      email: email.data,
      firstName: values['first-name']!,
      lastName: values['last-name']!,
    });
    const url = await sendPasswordSetupLink(deps, admin);
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
