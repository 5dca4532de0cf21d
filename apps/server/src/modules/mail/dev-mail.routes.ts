import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { RawRoutes } from '../../http/call.js';
import { escapeHtml } from '../../lib/html.js';
import { listRecentMail } from '../../providers/mail/mailer.js';

const LINK = /(https?:\/\/[^\s]+)/g;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * /dev/mail: the outbox in a browser, for a machine without SMTP. Never in production, and only to
 * a caller on this machine: its links sign in whoever opens them, and the server listens on every
 * interface by default.
 */
export async function registerDevMailRawRoutes({ app }: RawRoutes, deps: AppDeps): Promise<void> {
  if (deps.config.env === 'production') return;

  const options = {
    schema: { hide: true },
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!LOOPBACK.has(request.ip)) {
        return reply.status(404).send({ message: `No such call: ${request.method} /dev/mail`, code: 'NOT_FOUND' });
      }
    },
  };

  app.get('/dev/mail', options, async (_request, reply) => {
    const mails = await listRecentMail(deps.db);
    const items = mails
      .map((m) => {
        // Escape first, then turn the (escaped) addresses into links.
        const body = escapeHtml(m.text).replace(LINK, (url) => `<a href="${url}">${url}</a>`);
        return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}${m.sentAt ? ' · delivered by SMTP' : ''}</p><pre>${body}</pre></article>`;
      })
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LeadCircle outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#6b7280;font-size:.85rem}
pre{white-space:pre-wrap;font-family:inherit}</style></head><body><h1>Outbox</h1>
<p>The latest e-mails LeadCircle has sent${deps.mailer.delivers ? '' : ' (no SMTP_URL is set, so they stay here)'}.</p>
${items || '<p>No e-mail yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.get('/dev/mail.json', options, async () => ({ mails: await listRecentMail(deps.db) }));
}
