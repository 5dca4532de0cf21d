import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { callAs } from './groups.js';

// Leads: API helpers that set the scene, and the lead dialog as a person fills it.

export const LEAD = {
  firstName: 'Avery',
  lastName: 'Buyer',
  title: 'VP Sales',
  company: 'Acme Corp',
  email: 'avery.buyer@acme.example',
  phone: '(212) 555-0147',
  street: '350 Fifth Avenue',
  zip: '10118',
  notes: 'Met at the expo; wants a demo in March.',
} as const;
export const LEAD_NAME = `${LEAD.firstName} ${LEAD.lastName}`;

/** The lead of LEAD submitted to a group through the API; answers its id. */
export async function createLeadThroughApi(request: APIRequestContext, accessToken: string, groupId: number) {
  const lead = (await callAs(request, accessToken, '/lead/create', {
    group_id: groupId,
    lead: {
      lead_id: 0,
      first_name: LEAD.firstName,
      last_name: LEAD.lastName,
      title: LEAD.title,
      company: LEAD.company,
      email: LEAD.email,
      phone: LEAD.phone,
      notes: LEAD.notes,
      address: { street_one: LEAD.street, city: 'New York', state_abbrv: 'NY', postal: LEAD.zip },
    },
  })) as { leadId: number };
  return lead.leadId;
}

/** The create/edit lead dialog. */
export class LeadDialog {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    title: 'Create Lead' | 'Edit Lead',
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
  }

  field(label: string) {
    return this.dialog.getByLabel(label, { exact: true });
  }

  async addContactKind(kind: 'Phone' | 'LinkedIn') {
    await this.dialog.getByRole('button', { name: 'ADD CONTACT INFO' }).click();
    await this.page.getByRole('menuitem', { name: kind }).click();
  }

  submit(name: 'Create' | 'Save') {
    return this.dialog.getByRole('button', { name, exact: true });
  }
}

/** The row of a lead in the group's lead list. */
export function leadRow(page: Page, name: string = LEAD_NAME) {
  return page.getByRole('table', { name: 'Group leads' }).getByRole('row').filter({ hasText: name });
}

/** The lead page's Outcome section and its Record progress dialog, as a member uses them. */
export class OutcomeSection {
  readonly section: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Outcome' });
    this.dialog = page.getByRole('dialog', { name: 'Record progress' });
  }

  /** Opens Record progress and chooses a stage (Meeting, Won, Lost, …). */
  async startStep(stage: string) {
    await this.section.getByRole('button', { name: 'RECORD PROGRESS' }).click();
    await expect(this.dialog).toBeVisible();
    await chooseOption(this.page, this.dialog, 'Stage', stage);
  }

  save() {
    return this.dialog.getByRole('button', { name: 'Save', exact: true });
  }

  timeline() {
    return this.section.getByRole('list', { name: 'Outcome timeline' });
  }
}

/** Chooses an option of a select field in a dialog. */
export async function chooseOption(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
