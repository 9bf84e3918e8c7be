import { Clock, FileUp, NotebookPen, PhoneCall, Play, Scale, WandSparkles } from 'lucide-react';
import { ROUTES } from '../constants';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { CtaSection } from './cta-section';
import { FeatureGrid, type Feature } from './feature-grid';
import { IndustryStrip } from './industry-strip';
import { MarketingLayout } from './marketing-layout';
import { PhoneCallMockup } from './phone-call-mockup';
import { ProductHero } from './product-hero';
import { StepList, type Step } from './step-list';

const FEATURES: readonly Feature[] = [
  {
    icon: Clock,
    title: 'Calls within moments of applying',
    description:
      'Your AI agent, introduced by a friendly first name, calls candidates soon after they apply, while your role is still top of mind.',
  },
  {
    icon: WandSparkles,
    title: 'AI-generated questions and rubric',
    description: 'Screening questions and a scoring rubric are generated from the job, ready to use from the first call.',
  },
  {
    icon: FileUp,
    title: 'Your questions, your rubric',
    description: 'Edit the questions to match your must-haves, or upload the rubric your team already uses.',
  },
  {
    icon: NotebookPen,
    title: 'AI notes on every call',
    description: 'Get concise notes on availability, experience and anything else the candidate told the agent.',
  },
  {
    icon: Scale,
    title: 'Rubric-based scoring',
    description: 'Each candidate is scored against the same criteria, so shortlists are consistent and easy to defend.',
  },
  {
    icon: Play,
    title: 'Call recordings',
    description: 'Listen back to the conversation whenever you want to hear an answer in the candidate’s own words.',
  },
];

const STEPS: readonly Step[] = [
  {
    title: 'Create a phone screening',
    description: 'Add the job title, a description and the skills you are looking for.',
  },
  {
    title: 'AI prepares questions and a rubric',
    description: 'Hireloop drafts screening questions and a scoring rubric from what you entered.',
  },
  {
    title: 'Customise to your process',
    description: 'Edit the questions or upload your own rubric so every call asks what matters to you.',
  },
  {
    title: 'The AI agent calls your candidates',
    description: 'Add your candidates and the AI agent, introduced by a first name, calls each one soon after they apply.',
  },
  {
    title: 'Review notes, scores and recordings',
    description: 'Compare candidates side by side with AI notes, rubric scores and call recordings, then decide who moves on.',
  },
];

/** Marketing page for AI phone screening ('/product/phone-screen'). */
export function PhoneScreenPage() {
  useDocumentTitle('AI Phone Screening — Hireloop');
  return (
    <MarketingLayout>
      <ProductHero
        eyebrow="AI Phone Screening"
        icon={PhoneCall}
        title="Phone-screen every applicant, without picking up the phone"
        description="An AI agent calls candidates soon after they apply, asks your screening questions and sends you notes, rubric scores and recordings. Your recruiters only talk to the people who fit."
        primaryAction={{ label: 'Schedule a Demo', href: ROUTES.bookDemo }}
        secondaryAction={{ label: 'Sign Up Free', href: ROUTES.register }}
        highlights={[
          { value: 'Up to 80%', label: 'less screening time' },
          { value: '24/7', label: 'availability' },
          { value: 'Up to 70%', label: 'shorter time-to-hire' },
        ]}
        visual={<PhoneCallMockup />}
      />

      <IndustryStrip id="industries" title="Made for high-volume and hourly hiring in" />

      <FeatureGrid
        id="features"
        tone="muted"
        eyebrow="Key features"
        title="A first-round screen that runs itself"
        description="Consistent questions, fast follow-through and a clear record of every conversation."
        features={FEATURES}
      />

      <StepList
        id="how-it-works"
        eyebrow="How it works"
        title="Up and running in five steps"
        description="Set up a screening once and let the AI agent handle the first conversation with every candidate."
        steps={STEPS}
      />

      <CtaSection
        id="get-started"
        title="Stop playing phone tag with applicants"
        description="Let an AI agent make the first call, every time, and see the results in your dashboard."
        action={{ label: 'Book a Demo', href: ROUTES.bookDemo }}
        secondaryAction={{ label: 'Sign Up Free', href: ROUTES.register }}
      />
    </MarketingLayout>
  );
}
