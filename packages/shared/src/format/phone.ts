// Phone numbers: US numbers, shown as (xxx) xxx-xxxx with an optional leading +1.

// Ten digits, optionally after +1 or 1, with the usual separators: 555 123 4567, (555) 123-4567,
// +1 555.123.4567.
export const PHONE_PATTERN = /^(\+?1[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/** How a valid number is stored: its ten digits, after "+1" when the person gave the country code. */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  return digits.length === 11 ? `+1${digits.slice(1)}` : digits;
}

/** (xxx) xxx-xxxx, or +1 (xxx) xxx-xxxx; anything that is not a US number is shown as it is. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return value;
  const local = `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  return digits.length === 11 ? `+1 ${local}` : local;
}

/** The tel: address of a number (always with the US country code). */
export function phoneHref(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return `tel:+1${national}`;
}
