/** A day as the viewer's locale writes it ('Dec 1, 2026'). */
export const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
