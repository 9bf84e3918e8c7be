import { ChartColumn, Mail, MessagesSquare, PenLine, Smartphone, Video, WandSparkles } from 'lucide-react';
import { ROUTES } from '../constants';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { CtaSection } from './cta-section';
import type { Feature } from './feature-grid';
import { FeatureGrid } from './feature-grid';
import { InterviewerMockup } from './interviewer-mockup';
import { MarketingLayout } from './marketing-layout';
import { ProductHero } from './product-hero';
import { StepList, type Step } from './step-list';

const FEATURES: readonly Feature[] = [
  {
    icon: WandSparkles,
    title: 'Questions and rubric from your job description',
    description:
      'Paste a job description and the AI drafts role-specific interview questions and a weighted evaluation rubric in seconds.',
  },
  {
    icon: PenLine,
    title: 'You stay in control',
    description:
      'Edit, reorder or add questions and adjust the criteria and their weights until the interview matches how you hire.',
  },
  {
    icon: Mail,
    title: 'Personalised email invitations',
    description: 'Each candidate receives an emailed link of their own. No accounts, downloads or scheduling needed.',
  },
  {
    icon: Smartphone,
    title: 'Any time, on any device',
    description:
      'Candidates interview when it suits them, day or night, from a laptop, tablet or phone with a camera and microphone.',
  },
  {
    icon: MessagesSquare,
    title: 'Follow-up questions',
    description:
      'When an answer is incomplete, the AI interviewer asks a natural follow-up, just like an experienced recruiter would.',
  },
  {
    icon: ChartColumn,
    title: 'A report for every interview',
    description:
      'Review each answer, the rubric-based scores and an overall assessment, with the transcript and the recording alongside.',
  },
];

const STEPS: readonly Step[] = [
  {
    title: 'Add your job description',
    description: 'Create a job with its title and description: the only input Hireloop needs to get started.',
  },
  {
    title: 'AI generates questions and a rubric',
    description: 'Hireloop drafts interview questions and a weighted evaluation rubric tailored to the role.',
  },
  {
    title: 'Review and customise',
    description: 'Edit or add questions and fine-tune the evaluation criteria and weights before you invite anyone.',
  },
  {
    title: 'Invite your candidates',
    description: 'Send personalised interview links by email to one candidate or to hundreds at once.',
  },
  {
    title: 'Candidates interview on their schedule',
    description: 'They open their link and talk with the AI interviewer at any time, from any device.',
  },
  {
    title: 'The AI asks follow-ups',
    description: 'Incomplete answers get a follow-up question, so you hear the whole story the first time.',
  },
  {
    title: 'Receive a detailed report',
    description: 'Answers, rubric-based scores and an overall assessment arrive as soon as the interview is done.',
  },
];

/** Marketing page for live AI interviews ('/product/live-interview'). */
export function LiveInterviewPage() {
  useDocumentTitle('Live AI Interviews — Hireloop');
  return (
    <MarketingLayout>
      <ProductHero
        eyebrow="Live AI Interviews"
        icon={Video}
        title="Live AI interviews for every candidate, around the clock"
        description="Turn a job description into a structured video interview in minutes. Candidates interview whenever it suits them, and the AI interviewer follows up like an experienced recruiter."
        primaryAction={{ label: 'Book a Demo', href: ROUTES.bookDemo }}
        secondaryAction={{ label: 'Start Free Trial', href: ROUTES.register }}
        highlights={[
          { value: 'Up to 70%', label: 'shorter time-to-hire' },
          { value: '24/7', label: 'availability' },
          { value: 'Unlimited', label: 'concurrent interviews' },
        ]}
        visual={<InterviewerMockup />}
      />

      <FeatureGrid
        id="features"
        tone="muted"
        eyebrow="Key features"
        title="Everything you need to interview at scale"
        description="From the first question to the final score, the live interview runs itself, without losing the human touch."
        features={FEATURES}
      />

      <StepList
        id="how-it-works"
        eyebrow="How it works"
        title="From job description to report in seven steps"
        description="Set it up once and every applicant gets a consistent, structured interview."
        steps={STEPS}
      />

      <CtaSection
        id="get-started"
        title="Ready to interview every applicant?"
        description="See how live AI interviews fit your hiring process, or start a free trial and create your first interview today."
        action={{ label: 'Book a Demo', href: ROUTES.bookDemo }}
        secondaryAction={{ label: 'Start Free Trial', href: ROUTES.register }}
      />
    </MarketingLayout>
  );
}
