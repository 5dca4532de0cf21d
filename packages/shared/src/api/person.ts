import { z } from 'zod';

/** A person record as the calls answer it: a lead's or an opportunity contact's. */
export const personRecordShape = {
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  title: z.string(),
  company: z.string(),
  // Stored without formatting (ten digits, after +1 when given); shown with formatPhone.
  phone: z.string().nullable(),
  email: z.string().nullable(),
  linkedin: z.string().nullable(),
  notes: z.string().nullable(),
};
export const personRecord = z.object(personRecordShape);
export type PersonRecord = z.infer<typeof personRecord>;
