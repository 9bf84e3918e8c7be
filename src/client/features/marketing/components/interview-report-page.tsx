import { BrainCircuit, ChartColumn, Highlighter, MessagesSquare, ShieldCheck, TrendingUp, Zap } from 'lucide-react';
import { ROUTES } from '../constants';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { CtaSection } from './cta-section';
import { FeatureGrid, type Feature } from './feature-grid';
import { MarketingLayout } from './marketing-layout';
import { ProductHero } from './product-hero';
import { ReportMockup } from './report-mockup';
import { StepList, type Step } from './step-list';

const FEATURES: readonly Feature[] = [
  {
    icon: BrainCircuit,
    title: 'Technical skills assessment',
    description: 'See how each candidate’s answers measure up to the skills the role really needs, criterion by criterion.',
  },
  {
    icon: MessagesSquare,
    title: 'Communication and cultural fit',
    description: 'Understand how clearly candidates explain themselves and how they would work with your team.',
  },
  {
    icon: Highlighter,
    title: 'Transcript-synchronised highlights',
    description: 'Jump straight to the moments that matter: every highlight links to its place in the transcript.',
  },
  {
    icon: ShieldCheck,
    title: 'Bias detection',
    description: 'Questions and evaluations are checked for bias, so every candidate is judged on what they said.',
  },
  {
    icon: TrendingUp,
    title: 'Hiring analytics',
    description: 'Compare candidates and roles at a glance and spot where your pipeline is strong or stuck.',
  },
  {
    icon: Zap,
    title: 'Instant feedback',
    description: 'Reports are ready as soon as the interview ends, so strong candidates hear from you first.',
  },
];

const STEPS: readonly Step[] = [
  {
    title: 'The candidate finishes the interview',
    description: 'The transcript and recording are saved the moment the last answer is given.',
  },
  {
    title: 'The AI evaluates against your rubric',
    description: 'Each criterion is scored from 0 to 100 with written feedback, then weighted into an overall score.',
  },
  {
    title: 'You review and decide',
    description: 'Read the assessment, jump to highlights, watch the recording and move the right people forward.',
  },
];

/** Marketing page for the interview report ('/product/interview-report'). */
export function InterviewReportPage() {
  useDocumentTitle('Interview Reports — Hireloop');
  return (
    <MarketingLayout>
      <ProductHero
        eyebrow="Interview Report"
        icon={ChartColumn}
        title="Interview reports that make the next step obvious"
        description="Every interview becomes a clear, structured report: technical skills, communication and cultural fit scored against your rubric, with highlights, bias checks and the full transcript."
        primaryAction={{ label: 'Watch Product Tour', href: ROUTES.bookDemo }}
        secondaryAction={{ label: 'Start Free Trial', href: ROUTES.register }}
        highlights={[
          { value: '0–100', label: 'score on every criterion' },
          { value: 'Instant', label: 'feedback' },
          { value: 'Up to 70%', label: 'shorter time-to-hire' },
        ]}
        visual={<ReportMockup />}
      />

      <FeatureGrid
        id="features"
        tone="muted"
        eyebrow="Key features"
        title="Everything you need to make a confident decision"
        description="Replace scattered interview notes with one consistent report for every candidate."
        features={FEATURES}
      />

      <StepList
        id="how-it-works"
        eyebrow="How it works"
        title="From interview to insight"
        description="No note-taking and no waiting for a debrief."
        steps={STEPS}
      />

      <CtaSection
        id="get-started"
        title="See a real interview report"
        description="Book a demo and we'll walk you through a full report, from the overall score to the transcript highlights."
        action={{ label: 'Book a Demo', href: ROUTES.bookDemo }}
        secondaryAction={{ label: 'Start Free Trial', href: ROUTES.register }}
      />
    </MarketingLayout>
  );
}
