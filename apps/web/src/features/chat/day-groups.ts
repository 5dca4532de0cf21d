import { dateFormat } from '../../lib/intl-format';

// Messages grouped by the reader's calendar day, with a heading such as 'Today', 'Yesterday' or a date.

const formatDay = dateFormat({ weekday: 'long', month: 'long', day: 'numeric' });
const formatDayWithYear = dateFormat({ dateStyle: 'long' });
const formatClock = dateFormat({ timeStyle: 'short' });
const formatShortDate = dateFormat({ month: 'short', day: 'numeric' });

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

export function dayHeading(date: Date, now = new Date()): string {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(now)) return 'Today';
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday';
  return date.getFullYear() === now.getFullYear() ? formatDay(date) : formatDayWithYear(date);
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
  return formatClock(new Date(iso));
}

/** A room list's time: the time today, else the date. */
export function formatListTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return dayKey(date) === dayKey(now) ? formatClock(date) : formatShortDate(date);
}
