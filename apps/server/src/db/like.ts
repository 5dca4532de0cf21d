/** A text for LIKE taken literally: its \, % and _ escaped (LIKE's default escape character is \). */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');
