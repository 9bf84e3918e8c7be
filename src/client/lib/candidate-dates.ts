import { format } from 'date-fns';

/*
 * Dates on the candidate's pages: in the page's language (English, like every sentence around them)
 * and the candidate's own time zone. Written with date-fns rather than Intl on purpose: a browser's
 * first Intl call loads its locale data, 70-110 ms on a mid-range phone (Chromium at Lighthouse's 4x
 * slowdown), and the ready page's first render was paying it for one date (decision 050).
 */

/** "December 11, 2026 at 11:23 PM": when a link stops working. */
export const formatCandidateTime = (iso: string) => format(new Date(iso), "MMMM d, yyyy 'at' h:mm a");

/** "December 11, 2026": when a request was made or dealt with. */
export const formatCandidateDay = (iso: string) => format(new Date(iso), 'MMMM d, yyyy');
