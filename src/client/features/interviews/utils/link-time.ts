const linkTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A link's expiry in the recruiter's own time zone and language. */
export const formatLinkTime = (iso: string) => linkTime.format(new Date(iso));
