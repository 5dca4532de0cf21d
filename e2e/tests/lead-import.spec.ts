import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { signIn } from '../support/accounts.js';
import { createGroupThroughApi, createPayingAccount, joinGroupThroughApi, uniqueGroupName } from '../support/groups.js';
import { createLeadThroughApi, LEAD } from '../support/leads.js';
import { expectFits } from '../support/phone.js';

// Importing a CSV file of leads: a member uploads a file Excel saved in Windows-1252 (semicolons, accents,
// ’ and €), reviews what each row will become, imports it, sees the leads, and undoes it from the settings.

const GROUP_CODE = 'lead-import-code';
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

// Windows-1252's bytes of the characters beyond ASCII the file holds.
const CP1252: Record<string, number> = { é: 0xe9, è: 0xe8, ô: 0xf4, û: 0xfb, '’': 0x92, '€': 0x80, '—': 0x97 };

/** The text as Excel saves a CSV on Windows: Windows-1252, CRLF line ends. */
function windows1252(text: string): Buffer {
  return Buffer.from(
    [...text.replaceAll('\n', '\r\n')].map((char) => {
      const code = CP1252[char] ?? char.charCodeAt(0);
      if (code > 0xff) throw new Error(`no Windows-1252 byte for ${char}`);
      return code;
    }),
  );
}

const ADDRESS = '350 Fifth Avenue;New York;New York;10118';
/**
 * Three new leads; a row that repeats row 1's e-mail; a row that is the group's lead (LEAD's e-mail); a row
 * with no first name.
 */
function leadsFile(tag: string): Buffer {
  return windows1252(
    [
      'First Name;Last Name;Job Title;Company;E-mail;Street;City;State;ZIP code;Notes',
      `Zoé;Dupré;Directrice;Café Crème;zoe.${tag}@example.com;${ADDRESS};Budget 5 000 € — l’an prochain`,
      `André;Côté;Gérant;Société Générale;andre.${tag}@example.com;${ADDRESS};`,
      `Renée;O’Brien;Buyer;Crème Brûlée Inc;renee.${tag}@example.com;${ADDRESS};`,
      `Zoe;Dupre;Directrice;Cafe Creme;zoe.${tag}@example.com;${ADDRESS};`,
      `Avery;Buyer;VP Sales;Acme Corp;${LEAD.email};${ADDRESS};`,
      `;Nameless;Buyer;Acme;nameless.${tag}@example.com;${ADDRESS};`,
      '',
    ].join('\n'),
  );
}

/** An owner's group with a lead (LEAD) in it, and a member who will import. */
async function groupWithMember(request: APIRequestContext) {
  const owner = await createPayingAccount(request, 'Olive');
  const name = uniqueGroupName('Import');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  await createLeadThroughApi(request, owner.accessToken, groupId);
  const member = await createPayingAccount(request, 'Milo');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: GROUP_CODE });
  return { groupId, member };
}

async function openImportDialog(page: Page, groupId: number) {
  await page.goto(`/groups/${groupId}/leads`);
  await page.getByRole('button', { name: 'IMPORT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import leads' });
  await expect(dialog.getByRole('button', { name: 'Choose a file' })).toBeVisible();
  return dialog;
}

test('IMPORT opens the import dialog, which refuses a file of the wrong type before any upload', async ({
  page,
  request,
}) => {
  const { groupId, member } = await groupWithMember(request);
  await signIn(page, member.email, member.password);
  const uploads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/lead/import/upload')) uploads.push(sent.url());
  });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const dialog = await openImportDialog(page, groupId);
    await dialog.getByLabel('File of leads').setInputFiles({
      name: 'leads.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('PK'),
    });
    await expect(dialog.getByText('leads.xlsx: Choose a .csv, .tsv or .txt file.')).toBeVisible();
    expect(uploads).toEqual([]);
    await expectFits(page, `the import dialog at ${size.width} px`);
    await expectAccessible(page, `the import dialog at ${size.width} px`);
    await dialog.getByRole('button', { name: 'CANCEL' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('a member imports a Windows-1252 file with accents, sees the review, the leads, and undoes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { groupId, member } = await groupWithMember(request);
  await signIn(page, member.email, member.password);
  // The same import at each width (the first one undone before the next).
  for (const size of SIZES) {
    const fileName = `crm-export-${size.width}.csv`;
    await page.setViewportSize(size);
    const dialog = await openImportDialog(page, groupId);

    // Upload: the file as Excel saved it.
    await dialog
      .getByLabel('File of leads')
      .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: leadsFile(String(size.width)) });

    // Match columns: every column matched by its header, the accents read right.
    await expect(dialog.getByText('Zoé', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(dialog.getByText('Budget 5 000 € — l’an prochain').filter({ visible: true })).toBeVisible();
    await expect(dialog.getByLabel('Import "Job Title" as')).toHaveValue('TITLE');
    await expect(dialog.getByLabel('Import "E-mail" as')).toHaveValue('EMAIL');
    await expect(dialog.getByLabel('Import "ZIP code" as')).toHaveValue('ZIP');
    await expectFits(page, `Match columns at ${size.width} px`);
    await dialog.getByRole('button', { name: 'NEXT' }).click();

    // Review: the counts, and what each row will become.
    await expect(dialog.getByText('3 new leads · 2 duplicates · 1 row with errors')).toBeVisible();
    const rows = dialog.getByRole('table', { name: 'Rows of the file' });
    await expect(rows.getByText('Same as row 1 (skipped)')).toBeVisible();
    await expect(rows.getByText(/^Duplicate of Avery Buyer, submitted by Olive/)).toBeVisible();
    await expect(rows.getByText('First Name: First name is required')).toBeVisible();
    await dialog.getByRole('button', { name: 'Errors (1)' }).click();
    await expect(rows.getByRole('row')).toHaveCount(2);
    await expect(dialog.getByRole('radio', { name: 'Skip duplicates' })).toBeChecked();
    await expectFits(page, `Review at ${size.width} px`);

    // Import: it runs on the server; the dialog says when it is done.
    await dialog.getByRole('button', { name: 'START IMPORT' }).click();
    await expect(dialog.getByRole('heading', { name: '3 leads imported' })).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('link', { name: 'SEE THE LEADS' }).click();
    await expect(dialog).toBeHidden();
    const leads = page.getByRole('table', { name: 'Group leads' });
    for (const name of ['Zoé Dupré', 'André Côté', 'Renée O’Brien', 'Avery Buyer']) {
      await expect(leads.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(leads.getByText('Nameless')).toHaveCount(0);

    // Undo from the group's settings: the three leads nobody worked on go; the group's own lead stays.
    await page.goto(`/groups/${groupId}/settings`);
    await expect(page.getByRole('heading', { name: 'Import history' })).toBeVisible();
    const history = page.getByRole('table', { name: 'Import history' });
    const imported = history.getByRole('row').filter({ hasText: fileName });
    await expect(imported).toContainText('3 new · 2 skipped · 1 error');
    await expect(imported).toContainText('Done');
    await expectFits(page, `Import history at ${size.width} px`);
    await imported.getByRole('button', { name: `Undo import of ${fileName}` }).click();
    await page
      .getByRole('dialog', { name: `Undo the import of ${fileName}?` })
      .getByRole('button', { name: 'UNDO IMPORT' })
      .click();
    await expect(page.getByText('Removed 3 leads.')).toBeVisible();
    await expect(imported).toContainText('Undone');

    await page.goto(`/groups/${groupId}/leads`);
    await expect(page.getByRole('table', { name: 'Group leads' }).getByText('Avery Buyer')).toBeVisible();
    await expect(page.getByText('Zoé Dupré')).toHaveCount(0);
  }
});
