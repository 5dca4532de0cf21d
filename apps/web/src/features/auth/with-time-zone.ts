import { browserTimeZone } from '@leadcircle/shared';

/** A sign-up, or a social sign-in that may create the account, carries the browser's time zone. */
export const withTimeZone = <T extends { time_zone?: string }>(body: T): T => ({
  ...body,
  time_zone: body.time_zone ?? browserTimeZone(),
});
