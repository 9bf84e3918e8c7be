export const PRODUCT_NAME = 'Hireloop';

export const ROUTES = {
  home: '/',
  bookDemo: '/book-demo',
  auth: '/auth',
  register: '/auth?tab=register',
  liveInterview: '/product/live-interview',
  phoneScreen: '/product/phone-screen',
  interviewReport: '/product/interview-report',
  /** What 'See It in Action' opens: the product's own screens (decision 043). */
  tour: '/tour',
} as const;

export interface ProductLink {
  label: string;
  href: string;
  description: string;
}

export const PRODUCT_LINKS: readonly ProductLink[] = [
  {
    label: 'Live Interviews',
    href: ROUTES.liveInterview,
    description: 'AI-led video interviews, any time, on any device.',
  },
  {
    label: 'Phone Screening',
    href: ROUTES.phoneScreen,
    description: 'An AI agent calls every applicant soon after they apply.',
  },
  {
    label: 'Interview Report',
    href: ROUTES.interviewReport,
    description: 'Rubric scores, highlights and instant feedback.',
  },
];

export const INDUSTRIES: readonly string[] = [
  'Tech/IT',
  'Retail',
  'Restaurant',
  'Healthcare',
  'Logistics/Trucking',
  'Manufacturing',
  'Financial Services',
  'Hospitality',
];

export const EXPERIENCE_LEVELS: readonly string[] = [
  'Entry Level',
  'Hourly Workers',
  'Experienced Professionals',
  'Executives',
];
