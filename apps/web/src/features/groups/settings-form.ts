import { followUpDaysField, groupSettingsForm, OUTCOME_MESSAGES } from '@leadcircle/shared';
import { z } from 'zod';

// The group settings form: the shared fields, and the follow-up reminder's days as typed (the owner's).

/** Whole days as typed ('7'); anything else, or outside 1–90, says so. */
export const followUpDaysText = z
  .string()
  .trim()
  .refine((typed) => /^\d+$/.test(typed) && followUpDaysField.safeParse(Number(typed)).success, {
    message: OUTCOME_MESSAGES.followUpDaysInvalid,
  });

export const settingsForm = groupSettingsForm.extend({ followUpDays: followUpDaysText });
export type SettingsFormValues = z.infer<typeof settingsForm>;
