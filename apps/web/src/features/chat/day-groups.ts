// Messages grouped by the reader's calendar day, with a heading such as 'Today', 'Yesterday' or a date.

const dateFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
const dateWithYearFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const shortDateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

export function dayHeading(date: Date, now = new Date()): string {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(now)) return 'Today';
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday';
  return date.getFullYear() === now.getFullYear() ? dateFormat.format(date) : dateWithYearFormat.format(date);
}

export interface DayGroup<T> {
  key: string;
  heading: string;
  items: T[];
}

/** Consecutive items of one calendar day together, in the order given (oldest first). */
export function groupByDay<T>(items: readonly T[], dateOf: (item: T) => string, now = new Date()): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = new Date(dateOf(item));
    const key = dayKey(date);
    const current = groups.at(-1);
    if (current?.key === key) current.items.push(item);
    else groups.push({ key, heading: dayHeading(date, now), items: [item] });
  }
  return groups;
}

export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** A room list's time: the time today, else the date. */
export function formatListTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return dayKey(date) === dayKey(now) ? timeFormat.format(date) : shortDateFormat.format(date);
}
