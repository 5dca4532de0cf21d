import { z } from 'zod';

/** One call of the spec's call tables: `POST /api<path>`. */
export interface CallDefinition<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Auth extends boolean = boolean,
> {
  path: string;
  /** false for the calls a signed-out visitor makes (sign in, sign up, …). */
  auth: Auth;
  summary: string;
  request: Req;
  response: Res;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType, const Auth extends boolean>(
  call: CallDefinition<Req, Res, Auth>,
): CallDefinition<Req, Res, Auth> {
  return call;
}

export type CallRequest<C extends CallDefinition> = z.input<C['request']>;
export type CallResponse<C extends CallDefinition> = z.output<C['response']>;

/** The error body of every failed call. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageResponse = z.object({ message: z.string() });
export const emptyRequest = z.strictObject({});

// Ids arrive as JSON numbers, or as digits when they come from a link's query string. They are
// PostgreSQL integers (serial): a larger number is no id, refused here rather than by the database.
export const ID_MAX = 2_147_483_647;
export const idField = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .positive('Must be a positive number')
    .max(ID_MAX, 'Must be a valid id'),
);
