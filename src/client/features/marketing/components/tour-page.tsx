import { CirclePlay } from 'lucide-react';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import candidateCheck640 from '../assets/tour/candidate-check-640.webp';
import candidateCheck1280 from '../assets/tour/candidate-check-1280.webp';
import candidateDone640 from '../assets/tour/candidate-done-640.webp';
import candidateDone1280 from '../assets/tour/candidate-done-1280.webp';
import candidateQuestion640 from '../assets/tour/candidate-question-640.webp';
import candidateQuestion1280 from '../assets/tour/candidate-question-1280.webp';
import candidateReady640 from '../assets/tour/candidate-ready-640.webp';
import candidateReady1280 from '../assets/tour/candidate-ready-1280.webp';
import recruiterCandidates640 from '../assets/tour/recruiter-candidates-640.webp';
import recruiterCandidates1280 from '../assets/tour/recruiter-candidates-1280.webp';
import recruiterJob640 from '../assets/tour/recruiter-job-640.webp';
import recruiterJob1280 from '../assets/tour/recruiter-job-1280.webp';
import recruiterReport640 from '../assets/tour/recruiter-report-640.webp';
import recruiterReport1280 from '../assets/tour/recruiter-report-1280.webp';
import recruiterReview640 from '../assets/tour/recruiter-review-640.webp';
import recruiterReview1280 from '../assets/tour/recruiter-review-1280.webp';
import { ROUTES } from '../constants';
import { CtaSection } from './cta-section';
import { MarketingLayout } from './marketing-layout';
import { HeroBackdrop } from './product-hero';
import { SectionHeading } from './section-heading';

/**
 * One screen of the tour: a screenshot of the real app (scripts/tour-images.ts takes them), at
 * 1280 and 640 pixels wide, what it shows (alt) and what happens there (caption). Decision 043.
 */
interface TourStep {
  title: string;
  caption: string;
  alt: string;
  image: { small: string; large: string };
}

const CANDIDATE_STEPS: readonly TourStep[] = [
  {
    title: 'Open the link and read how it works',
    caption:
      'The candidate opens the link from the invitation, on any device, whenever it suits them. Before anything is recorded, the page says that an AI interviews them, what it evaluates and what it does not, who sees the recording and how long it is kept.',
    alt: "The candidate's page headed 'Welcome to Your AI Interview', greeting Maya Lopez for the Warehouse Shift Lead position, with 'How this interview works' and the notice 'About this AI interview'.",
    image: { small: candidateReady640, large: candidateReady1280 },
  },
  {
    title: 'Check the camera, agree, start',
    caption:
      'A camera and microphone check, the choice to type the answers instead of speaking them, a way to ask for their data to be deleted, and a consent box: the interview starts only once it is ticked.',
    alt: "Further down the same page: a camera preview (a test pattern in this picture), a microphone level bar, the option 'I'd prefer to type my answers', the consent box ticked and the 'Ready to Start' button.",
    image: { small: candidateCheck640, large: candidateCheck1280 },
  },
  {
    title: 'Answer one question at a time',
    caption:
      'The AI interviewer asks each question aloud and on screen, and words the next one from the last answer. The live transcript on the right keeps the conversation so far in view.',
    alt: "The interview in progress: the camera tile, 'Question 2 of 3' about a machine making an unusual noise mid-shift, an answer typed in 'Your answer', the 'End Response' button, and the live transcript of the first exchange.",
    image: { small: candidateQuestion640, large: candidateQuestion1280 },
  },
  {
    title: 'Finish, with optional questions',
    caption:
      "After the last answer the interview is submitted. The candidate may answer voluntary questions about sex and race/ethnicity; the recruiter never sees the answers, which only count towards the company's adverse-impact totals.",
    alt: "'Interview Completed' with a green tick and 'Thank you for participating', then 'Optional questions about you' with the choices for sex and race/ethnicity.",
    image: { small: candidateDone640, large: candidateDone1280 },
  },
];

const RECRUITER_STEPS: readonly TourStep[] = [
  {
    title: 'Create the job: questions and rubric are drafted for you',
    caption:
      'From the job description the AI drafts the interview questions and a weighted rubric, each criterion with what weak, adequate and strong answers look like. Edit, reorder or replace any of it.',
    alt: 'The Warehouse Shift Lead job page: the interview questions on the left; on the right the evaluation criteria with their weights, each with a weak, an adequate and a strong answer described.',
    image: { small: recruiterJob640, large: recruiterJob1280 },
  },
  {
    title: 'See every candidate, scored',
    caption:
      "Each interview is scored as soon as it is submitted. The job's list shows who has completed and their overall score, with the job's analytics below.",
    alt: "The job's Interviews table with four completed candidates and their overall scores out of 100, and the Analytics tiles below it: invited, started, completed, completion rate, average duration and average score.",
    image: { small: recruiterCandidates640, large: recruiterCandidates1280 },
  },
  {
    title: 'Read the report',
    caption:
      'An overall assessment and a score for each criterion of the rubric, with the nearest anchor and quotes from the answers as evidence, each with its time in the recording.',
    alt: "Interview Feedback for Maya Lopez: the overall assessment, the overall score bar, and criterion cards such as 'Safety and quality', each with a score, an explanation and quoted evidence with times.",
    image: { small: recruiterReport640, large: recruiterReport1280 },
  },
  {
    title: 'Decide, with the AI as advice',
    caption:
      "A reviewer can change any score, saying why, and records the decision: advance, hold or reject. Every change is kept beside the AI's original, and the dashboard shows how far your reviewers move the AI's scores.",
    alt: "The Human Review panel: each criterion with its current score, the AI's score and an Adjust button, then the decisions Advance, Hold and Reject, a note and 'Save review'.",
    image: { small: recruiterReview640, large: recruiterReview1280 },
  },
];

/** /tour, what 'See It in Action' opens: the product's own screens, the candidate's then the recruiter's. */
export function TourPage() {
  useDocumentTitle('Product tour — Hireloop');
  return (
    <MarketingLayout>
      <section aria-labelledby="tour-title" className="relative isolate overflow-hidden">
        <HeroBackdrop />
        <div className="mx-auto max-w-4xl px-4 pt-16 pb-12 text-center sm:px-6 lg:px-8 lg:pt-20">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white/80 px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
            <CirclePlay aria-hidden="true" className="size-4" />
            Product tour
          </p>
          <h1 id="tour-title" className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            See Hireloop in action
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">
            One interview from both sides: what the candidate sees from the link to the last answer, then what your team sees when the report
            arrives. Every picture is a screenshot of Hireloop itself.
          </p>
          <nav aria-label="Tour sections" className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <a href="#candidate" className="rounded-md font-medium text-brand-700 underline-offset-4 hover:underline">
              The candidate&apos;s side
            </a>
            <span aria-hidden="true" className="hidden text-slate-400 sm:inline">
              ·
            </span>
            <a href="#recruiter" className="rounded-md font-medium text-brand-700 underline-offset-4 hover:underline">
              The recruiter&apos;s side
            </a>
          </nav>
        </div>
      </section>

      <TourSection
        id="candidate"
        eyebrow="For the candidate"
        title="The candidate's side"
        description="No account and nothing to install: a link and a browser, on a computer or a phone."
        steps={CANDIDATE_STEPS}
        isFirst
      />
      <TourSection
        id="recruiter"
        eyebrow="For your team"
        title="The recruiter's side"
        description="From a job description to a scored report for every applicant who takes the interview, and the decision stays with you."
        steps={RECRUITER_STEPS}
        tone="muted"
        startAt={CANDIDATE_STEPS.length + 1}
      />

      <CtaSection
        id="tour-next"
        title="See it with your own jobs"
        description="Tell us which roles you hire for and we will walk you through Hireloop with them, or create an account and try it yourself."
        action={{ label: 'Book a Demo', href: ROUTES.bookDemo }}
        secondaryAction={{ label: 'Start Free Trial', href: ROUTES.register }}
      />
    </MarketingLayout>
  );
}

interface TourSectionProps {
  id: string;
  eyebrow: string;
  title: string;
  description: string;
  steps: readonly TourStep[];
  tone?: 'white' | 'muted';
  /** The first step's number (the tour counts across both sections). */
  startAt?: number;
  /** The page's first screenshot loads at once; every other one when it nears the screen. */
  isFirst?: boolean;
}

function TourSection({ id, eyebrow, title, description, steps, tone = 'white', startAt = 1, isFirst = false }: TourSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={tone === 'muted' ? 'border-y border-slate-200/70 bg-slate-50 py-16 sm:py-20' : 'py-16 sm:py-20'}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title} description={description} />
        <ol role="list" start={startAt} className="mt-12 space-y-14">
          {steps.map((step, index) => (
            <li key={step.title}>
              <figure className="grid items-start gap-6 lg:grid-cols-[2fr_3fr] lg:gap-10">
                <figcaption className="lg:pt-4">
                  <span className="text-sm font-semibold text-brand-600">Step {startAt + index}</span>
                  <h3 className="mt-1 text-xl font-semibold text-slate-900">{step.title}</h3>
                  <p className="mt-3 leading-relaxed text-slate-600">{step.caption}</p>
                </figcaption>
                <img
                  src={step.image.large}
                  srcSet={`${step.image.small} 640w, ${step.image.large} 1280w`}
                  sizes="(min-width: 1024px) 40rem, calc(100vw - 2rem)"
                  width={1280}
                  height={800}
                  alt={step.alt}
                  loading={isFirst && index === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                  className="h-auto w-full rounded-xl border border-slate-200 bg-white shadow-lg shadow-slate-900/5"
                />
              </figure>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
