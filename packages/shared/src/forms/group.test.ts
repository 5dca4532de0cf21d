import { describe, expect, it } from 'vitest';
import { createGroupWizardForm, groupDialogForm, groupInviteForm, groupSettingsForm, joinGroupForm } from './group.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('group forms: join, wizard, dialog, settings and invite rules', () => {
  it('join: required, at least 6, at most 100', () => {
    expect(firstMessage(joinGroupForm.safeParse({ groupName: '', groupPassword: 'secret1' }))).toBe(
      'Field is required',
    );
    expect(firstMessage(joinGroupForm.safeParse({ groupName: 'abc', groupPassword: 'secret1' }))).toBe(
      'Must be at least 6 characters long',
    );
    expect(firstMessage(joinGroupForm.safeParse({ groupName: 'x'.repeat(101), groupPassword: 'secret1' }))).toBe(
      "Can't be longer than 100 characters long",
    );
    expect(joinGroupForm.safeParse({ groupName: 'Closers', groupPassword: 'secret1' }).success).toBe(true);
  });

  it('wizard: name not blank, password at least 6, industry and product chosen', () => {
    const ok = { name: 'Closers', privateCode: 'secret', targetId: 1, productId: 2 };
    expect(createGroupWizardForm.safeParse(ok).success).toBe(true);
    expect(firstMessage(createGroupWizardForm.safeParse({ ...ok, name: '  ' }))).toBe('Group name cannot be blank');
    expect(firstMessage(createGroupWizardForm.safeParse({ ...ok, privateCode: '12345' }))).toBe(
      'Group password must be at least 6 characters',
    );
    expect(createGroupWizardForm.safeParse({ ...ok, targetId: undefined }).success).toBe(false);
    expect(createGroupWizardForm.safeParse({ ...ok, productId: undefined }).success).toBe(false);
  });

  it('group dialog: name 3–40, description 3–200, product optional 3–100', () => {
    const ok = { name: 'Closers', description: 'We close', product: '' };
    expect(groupDialogForm.safeParse(ok).success).toBe(true);
    expect(firstMessage(groupDialogForm.safeParse({ ...ok, name: '' }))).toBe('Group name is required');
    expect(firstMessage(groupDialogForm.safeParse({ ...ok, name: 'ab' }))).toBe('Must be at least 3 characters long');
    expect(firstMessage(groupDialogForm.safeParse({ ...ok, name: 'x'.repeat(41) }))).toBe(
      'Must be less than 40 characters long',
    );
    expect(firstMessage(groupDialogForm.safeParse({ ...ok, description: '' }))).toBe('Description is required');
    expect(firstMessage(groupDialogForm.safeParse({ ...ok, description: 'x'.repeat(201) }))).toBe(
      'Must be less than 200 characters long',
    );
    expect(firstMessage(groupDialogForm.safeParse({ ...ok, product: 'ab' }))).toBe(
      'Must be at least 3 characters long',
    );
    expect(firstMessage(groupDialogForm.safeParse({ ...ok, product: 'x'.repeat(101) }))).toBe(
      'Must be less than 100 characters long',
    );
  });

  it('settings product is trimmed and optional; invite e-mail required and valid', () => {
    expect(groupSettingsForm.parse({ product: '  Payroll ', enableEmail: true }).product).toBe('Payroll');
    expect(groupSettingsForm.safeParse({ product: '   ', enableEmail: false }).success).toBe(true);
    expect(firstMessage(groupInviteForm.safeParse({ email: '' }))).toBe('Email is required');
    expect(firstMessage(groupInviteForm.safeParse({ email: 'nope' }))).toBe('Must be a valid email');
  });
});
