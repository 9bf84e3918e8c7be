/** A moment as the viewer's locale writes it ('Nov 24, 2026, 3:41 PM'). */
export const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
