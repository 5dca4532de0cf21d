// Intl formatters made on first use, not when their module loads: a page's first Intl formatter costs a
// phone about 50 ms (the locale's data loads), which every module the first page imports would add
// before it shows.

/** Formats dates in the person's locale with `options`. */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat(undefined, options);
    return format.format(date);
  };
}

/** Formats numbers in `locale` with `options`. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): (value: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (value) => {
    format ??= new Intl.NumberFormat(locale, options);
    return format.format(value);
  };
}
