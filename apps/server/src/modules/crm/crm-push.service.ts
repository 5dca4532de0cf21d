import {
  CRM_TEXTS,
  type CrmLeadState,
  type CrmProvider,
  type CrmPushState,
  ERRORS,
  type LeadOutcomeStage,
  ROUTES,
  routePath,
  SERVER_EVENTS,
} from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError, conflict, unprocessable } from '../../http/errors.js';
import { HOUR_MS } from '../../lib/clock.js';
import { addTask } from '../../lib/task-queue.js';
import { userRoom } from '../../realtime/rooms.js';
import * as users from '../accounts/accounts.service.js';
import { requireAdminOfOwnBusiness } from '../business/business.access.js';
import {
  findLeadRow,
  type LeadRow,
  listLeadEditTimes,
  listLeadsAssignedSince,
  requireLeadMember,
} from '../leads/leads.access.js';
import { recordOutcome } from '../leads/outcomes.service.js';
import * as q from './crm.queries.js';
import { mappingOf } from './crm.service.js';
import { CrmError } from './crm-http.js';
import { CrmReconnectNeeded, withCrmLink } from './crm-link.js';
import type { CrmLeadFields } from './crm-provider.js';

// Leads to the CRM and back. A send claims the (lead, business) row in a transaction, then a background task
// (graphile-worker, job key per row) makes the call holding that row's lock, so two clicks, two instances or a
// restart make one record. 429 and 5xx are tried again (Retry-After, else a backoff) for up to a day; a 4xx is
// the CRM's refusal, shown on the lead in its words. The sweep (crmSweepJob) takes up what is due, sends taken
// leads when the business asked for it, sends edited leads again, and reads the records' statuses back.

export const CRM_PUSH_TASK = 'crm-push';
const RETRY_FOR_MS = 24 * HOUR_MS;
const SWEEP_BATCH = 50;

/** 30 s, 1 min, 2 min … at most an hour between tries. */
function backoffMs(attempts: number): number {
  return Math.min(HOUR_MS, 30_000 * 2 ** Math.max(0, attempts - 1));
}

function stateOf(leadId: number, provider: CrmProvider | null, push: q.PushRow | undefined): CrmLeadState {
  return {
    leadId,
    provider,
    push: push
      ? {
          state: push.state as CrmPushState,
          recordUrl: push.recordUrl,
          sentAt: push.sentAt?.toISOString() ?? null,
          error: push.error,
          updatedAt: push.updatedAt.toISOString(),
        }
      : null,
  };
}

/** A push's state, to the people of its business who may see the lead (never the rest of the business). */
async function publish(deps: AppDeps, push: q.PushRow) {
  const viewers = await q.listLeadViewersInBusiness(deps.db, push.leadId, push.businessId);
  if (viewers.length === 0) return;
  deps.realtime.publish({
    rooms: viewers.map(userRoom),
    event: SERVER_EVENTS.crmLead,
    data: stateOf(push.leadId, push.provider as CrmProvider, push),
  });
}

async function queueTask(deps: AppDeps, push: q.PushRow) {
  await addTask(
    deps.db,
    CRM_PUSH_TASK,
    { pushId: push.id },
    {
      jobKey: `crm-push:${push.id}`,
      runAt: push.nextAttemptAt ?? deps.clock.now(),
    },
  );
}

/** The caller's business's CRM when it has a working one (tokens), else undefined. */
async function businessCrmOf(deps: AppDeps, userId: number) {
  const user = await users.findUserRowById(deps.db, userId);
  if (!user?.businessId) return undefined;
  const row = await q.findIntegration(deps.db, user.businessId);
  return row?.tokens ? row : undefined;
}

/** /crm/lead/get: members of the lead's group; provider null when their business has no CRM. */
export async function getCrmLeadState(deps: AppDeps, userId: number, leadId: number): Promise<CrmLeadState> {
  await requireLeadMember(deps.db, leadId, userId);
  const crm = await businessCrmOf(deps, userId);
  if (!crm) return stateOf(leadId, null, undefined);
  const push = await q.findPush(deps.db, leadId, crm.businessId);
  return stateOf(leadId, crm.provider as CrmProvider, push?.provider === crm.provider ? push : undefined);
}

/** Claims the push and queues its task; a push already under way is answered as it is. */
async function claimAndQueue(
  deps: AppDeps,
  crm: q.IntegrationRow,
  leadId: number,
  sentBy: number | null,
): Promise<q.PushRow | undefined> {
  const now = deps.clock.now();
  const claimed = await q.claimPush(deps.db, {
    leadId,
    businessId: crm.businessId,
    provider: crm.provider,
    sentBy,
    now,
    state: crm.status === 'CONNECTED' ? 'SENDING' : 'WAITING',
  });
  if (!claimed) return q.findPush(deps.db, leadId, crm.businessId);
  await publish(deps, claimed);
  if (claimed.state === 'SENDING') await queueTask(deps, claimed);
  return claimed;
}

/** /crm/lead/send: a member of the lead's group whose business has a CRM; the call is made in the background. */
export async function sendLeadToCrm(deps: AppDeps, userId: number, leadId: number): Promise<CrmLeadState> {
  await requireLeadMember(deps.db, leadId, userId);
  const crm = await businessCrmOf(deps, userId);
  if (!crm) throw conflict('CRM_NOT_CONNECTED');
  const push = await claimAndQueue(deps, crm, leadId, userId);
  return stateOf(leadId, crm.provider as CrmProvider, push);
}

function leadFields(deps: AppDeps, lead: LeadRow): CrmLeadFields {
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    company: lead.company,
    title: lead.title,
    email: lead.email ?? '',
    phone: lead.phone ?? '',
    street: [lead.streetOne, lead.streetTwo].filter(Boolean).join(', '),
    city: lead.city,
    state: lead.stateAbbrv,
    postalCode: lead.postal,
    description: [
      lead.notes,
      `LeadCircle: ${deps.config.appUrl}${routePath(ROUTES.groupLead, { group_id: lead.groupId, lead_id: lead.id })}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    externalId: String(lead.id),
  };
}

/**
 * The push task: the call to the CRM while this transaction holds the push row (another run skips it). Safe to
 * run twice and after a restart: a row that is not SENDING and due is left alone.
 */
export async function processPush(deps: AppDeps, pushId: number): Promise<void> {
  const now = deps.clock.now();
  let again = false;
  const done = await deps.db.transaction(async (tx) => {
    const push = await q.lockDuePush(tx, pushId, now);
    if (!push) return undefined;
    const crm = await q.findIntegration(tx, push.businessId);
    const lead = await findLeadRow(tx, push.leadId);
    if (!crm?.tokens || crm.provider !== push.provider || !lead) {
      return q.updatePush(tx, push.id, {
        state: 'FAILED',
        error: ERRORS.CRM_NOT_CONNECTED.message,
        updatedAt: now,
      });
    }
    try {
      const sent = await withCrmLink(deps, crm, (client, link) =>
        client.push(link, push.recordId, leadFields(deps, lead)),
      );
      return q.updatePush(tx, push.id, {
        state: 'SENT',
        recordId: sent.recordId,
        recordUrl: sent.recordUrl,
        sentAt: now,
        leadVersion: lead.updatedAt,
        error: null,
        nextAttemptAt: null,
        attempts: push.attempts + 1,
        updatedAt: now,
      });
    } catch (error) {
      if (error instanceof CrmReconnectNeeded) {
        return q.updatePush(tx, push.id, { state: 'WAITING', error: null, updatedAt: now });
      }
      if (!(error instanceof CrmError)) throw error;
      deps.log.info({ pushId: push.id, kind: error.kind }, 'crm push not taken');
      if (error.kind === 'refused' || error.kind === 'not-found' || error.kind === 'unauthorized') {
        return q.updatePush(tx, push.id, { state: 'FAILED', error: error.message, updatedAt: now });
      }
      const attempts = push.attempts + 1;
      const next = new Date(now.getTime() + Math.min(error.retryAfterMs ?? backoffMs(attempts), RETRY_FOR_MS));
      if (next.getTime() - (push.queuedAt ?? now).getTime() > RETRY_FOR_MS) {
        return q.updatePush(tx, push.id, {
          state: 'FAILED',
          error: `The CRM did not take the lead for a day: ${error.message}`,
          updatedAt: now,
        });
      }
      again = true;
      return q.updatePush(tx, push.id, { attempts, nextAttemptAt: next, error: error.message, updatedAt: now });
    }
  });
  if (!done) return;
  if (again) await queueTask(deps, done);
  else await publish(deps, done);
}

/** Pushes whose time has come (a lost task, a restart, a queue not running): each as its task would. */
export async function processDuePushes(deps: AppDeps): Promise<number> {
  const ids = await q.listDuePushIds(deps.db, deps.clock.now(), SWEEP_BATCH);
  for (const id of ids) await processPush(deps, id);
  return ids.length;
}

/** "Send every lead my members take": leads taken or assigned since the switch went on, not yet sent. */
async function queueTakenLeads(deps: AppDeps): Promise<void> {
  for (const crm of await q.listAutoSendIntegrations(deps.db)) {
    if (!crm.autoSendSince) continue;
    const members = await q.listBusinessUserIds(deps.db, crm.businessId);
    const taken = await listLeadsAssignedSince(deps.db, members, crm.autoSendSince, 500);
    const sent = await q.listPushedLeadIds(
      deps.db,
      crm.businessId,
      taken.map((l) => l.id),
    );
    for (const lead of taken) {
      if (!sent.has(lead.id)) await claimAndQueue(deps, crm, lead.id, lead.assignedTo);
    }
  }
}

/** A lead edited after it was sent goes again, to the same record. */
async function queueEditedLeads(deps: AppDeps, crm: q.IntegrationRow): Promise<void> {
  const sent = await q.listSentPushes(deps.db, crm.businessId);
  const edits = new Map(
    (
      await listLeadEditTimes(
        deps.db,
        sent.map((p) => p.leadId),
      )
    ).map((l) => [l.id, l.updatedAt]),
  );
  for (const push of sent) {
    const editedAt = edits.get(push.leadId);
    if (editedAt && push.leadVersion && editedAt > push.leadVersion) {
      await claimAndQueue(deps, crm, push.leadId, null);
    }
  }
}

/**
 * Reads the statuses of the business's sent records and records the outcome step each now means, for the member
 * who sent it ("from Salesforce"), when it moved. Answers how many records were read and steps recorded.
 */
export async function syncCrmStatuses(
  deps: AppDeps,
  crm: q.IntegrationRow,
): Promise<{ checked: number; recorded: number }> {
  const provider = crm.provider as CrmProvider;
  const sent = (await q.listSentPushes(deps.db, crm.businessId)).filter((p) => p.recordId && p.provider === provider);
  const statuses =
    sent.length === 0
      ? new Map()
      : await withCrmLink(deps, crm, (client, link) =>
          client.readStatuses(
            link,
            sent.map((p) => p.recordId!),
          ),
        );
  const mapping = mappingOf(crm);
  let recorded = 0;
  for (const push of sent) {
    const status = statuses.get(push.recordId!);
    if (!status) continue;
    const key = status.keys.find((k: string) => mapping[k] !== undefined);
    const stage: LeadOutcomeStage | undefined = key === undefined ? undefined : mapping[key];
    if (!stage || stage === push.lastStage) {
      if ((status.keys[0] ?? null) !== push.crmStatus) {
        await q.updatePush(deps.db, push.id, { crmStatus: status.keys[0] ?? null });
      }
      continue;
    }
    if (push.sentBy !== null) {
      try {
        await recordOutcome(deps, push.sentBy, {
          lead_id: push.leadId,
          stage,
          amount: stage === 'WON' && status.amountCents !== null ? status.amountCents / 100 : null,
          lost_reason: stage === 'LOST' ? 'OTHER' : null,
          note: CRM_TEXTS.fromCrm(provider),
        });
        recorded += 1;
      } catch (error) {
        // The sender no longer holds the lead (or its group): nothing is recorded for them.
        if (!(error instanceof AppError)) throw error;
      }
    }
    await q.updatePush(deps.db, push.id, { crmStatus: key ?? null, lastStage: stage });
  }
  await q.updateIntegration(deps.db, crm.businessId, { lastSyncedAt: deps.clock.now() });
  return { checked: sent.length, recorded };
}

/** /crm/sync (SYNC NOW): an admin reads the statuses now; a CRM that fails says why (4xx). */
export async function syncCrmNow(deps: AppDeps, callerId: number): Promise<{ checked: number; recorded: number }> {
  const { businessId } = await requireAdminOfOwnBusiness(deps.db, callerId);
  const crm = await q.findIntegration(deps.db, businessId);
  if (!crm?.tokens) throw conflict('CRM_NOT_CONNECTED');
  try {
    return await syncCrmStatuses(deps, crm);
  } catch (error) {
    if (error instanceof CrmReconnectNeeded) {
      throw unprocessable('CRM_UNAVAILABLE', CRM_TEXTS.reconnect(crm.provider as CrmProvider));
    }
    if (error instanceof CrmError) throw unprocessable('CRM_UNAVAILABLE', error.message);
    throw error;
  }
}

/** The sweep, every minute on the job queue: taken and edited leads queued, due pushes sent, statuses read. */
export async function runCrmSweep(deps: AppDeps): Promise<void> {
  await queueTakenLeads(deps);
  const now = deps.clock.now();
  const due = await q.listIntegrationsDueForSync(deps.db, new Date(now.getTime() - deps.config.crm.syncIntervalMs));
  for (const crm of await q.listConnectedIntegrations(deps.db)) await queueEditedLeads(deps, crm);
  await processDuePushes(deps);
  for (const crm of due) {
    try {
      await syncCrmStatuses(deps, crm);
    } catch (error) {
      if (!(error instanceof CrmError || error instanceof CrmReconnectNeeded)) throw error;
      deps.log.info({ businessId: crm.businessId }, 'crm status read not made');
    }
  }
}
