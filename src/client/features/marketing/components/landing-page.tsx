import {
  ChartColumn,
  CirclePlay,
  Infinity as InfinityIcon,
  LayoutTemplate,
  PhoneCall,
  Scale,
  Sparkles,
  Video,
} from 'lucide-react';
import { ROUTES } from '../constants';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { CtaSection } from './cta-section';
import { FeatureGrid, type Feature } from './feature-grid';
import { IndustryStrip } from './industry-strip';
import { InterviewerMockup } from './interviewer-mockup';
import { MarketingLayout } from './marketing-layout';
import { ProductHero } from './product-hero';

const TRANSFORM_FEATURES: readonly Feature[] = [
  {
    icon: Video,
    title: 'Live AI interviews',
    description:
      'Candidates interview on video whenever it suits them, from any device. The AI asks your questions and follows up when an answer is incomplete.',
    stat: { value: '24/7', label: 'availability, in every time zone' },
    link: { href: ROUTES.liveInterview, label: 'Explore live interviews' },
  },
  {
    icon: PhoneCall,
    title: 'AI phone screening',
    description:
      'An AI agent calls applicants soon after they apply, asks your screening questions and scores the answers against your rubric.',
    stat: { value: 'Up to 80%', label: 'less time spent on screening' },
    link: { href: ROUTES.phoneScreen, label: 'Explore phone screening' },
  },
  {
    icon: ChartColumn,
    title: 'Interview reports',
    description:
      'Every interview ends with rubric-based scores, an overall assessment, transcript highlights and the recording, ready to review.',
    stat: { value: 'Up to 70%', label: 'shorter time-to-hire' },
    link: { href: ROUTES.interviewReport, label: 'Explore interview reports' },
  },
];

const WHY_FEATURES: readonly Feature[] = [
  {
    icon: LayoutTemplate,
    title: 'Customizable interview templates',
    description:
      'Start from questions and a weighted rubric generated from your job description, then edit, reorder or add your own.',
  },
  {
    icon: InfinityIcon,
    title: 'Unlimited concurrent interviews',
    description:
      'Interview ten applicants or ten thousand at the same time. No scheduling back-and-forth and no interviewer bottleneck.',
  },
  {
    icon: Scale,
    title: 'Consistent, rubric-based scoring',
    description:
      'Every candidate gets the same structured interview and is scored against the same criteria, with bias checks built in.',
  },
];

/** The public home page ('/'). */
export function LandingPage() {
  useDocumentTitle('Hireloop — AI interviews for every applicant');
  return (
    <MarketingLayout>
      <ProductHero
        size="large"
        eyebrow="Your AI interviewer, available 24/7"
        icon={Sparkles}
        title="What if you could interview every applicant?"
        description="Hireloop interviews every candidate on video or by phone, asks smart follow-up questions and hands your team a scored, rubric-based report, so you spend your time on the people worth meeting."
        primaryAction={{ label: 'Book a Demo', href: ROUTES.bookDemo }}
        secondaryAction={{ label: 'See It in Action', href: ROUTES.tour, icon: CirclePlay }}
        highlights={[
          { value: 'Up to 70%', label: 'shorter time-to-hire' },
          { value: 'Up to 80%', label: 'less screening time' },
          { value: '24/7', label: 'availability' },
        ]}
        visual={<InterviewerMockup />}
      />

      <IndustryStrip id="industries" />

      <FeatureGrid
        id="transform"
        eyebrow="The platform"
        title="Transform Your Hiring Process"
        description="Replace the first rounds of screening calls and interviews with an AI interviewer that never runs out of time slots."
        features={TRANSFORM_FEATURES}
      />

      <FeatureGrid
        id="why-ai"
        tone="muted"
        eyebrow="Why Hireloop"
        title="Why Choose AI-Driven Interviews"
        description="Structured, fair and fast: give every applicant a real interview without adding hours to your team's week."
        features={WHY_FEATURES}
      />

      <CtaSection
        id="lets-chat"
        title="Let's chat"
        description="Tell us about the roles you're hiring for and we'll show you how Hireloop can interview every applicant for them."
        action={{ label: 'Book a Call', href: ROUTES.bookDemo }}
      />
    </MarketingLayout>
  );
}
