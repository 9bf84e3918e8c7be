import { Bot, Keyboard, MonitorCheck, MonitorX } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Label } from '@/client/components/ui/label';
import type { InterviewRecorder } from '@/client/features/candidate-room/recording/types';
import { formatCandidateTime } from '@/client/lib/candidate-dates';
import { describeError } from '@/client/lib/error-messages';
import { useGiveConsent, useNotice } from '../api/notice';
import { AlternativeRequestSection } from './alternative-request-section';
import { DataRequestSection } from './data-request-section';
import { DeviceCheck } from './device-check';
import { NoticeSection } from './notice-section';
import { RoomFrame } from './room-frame';
import { browserCapabilities } from '../utils/browser-support';
import { durationText } from '../utils/duration';

interface ReadyViewProps {
  interviewId: number;
  token: string;
  candidateName: string;
  jobTitle: string;
  questionCount: number;
  video: boolean;
  /** The candidate had started before (a reload or a second visit): the interview continues. */
  isResuming: boolean;
  /** Until when the link starts the interview (decision 030); null when it does not expire. */
  linkExpiresAt: string | null;
  recorder: InterviewRecorder;
  /** The server transcribes spoken answers where the browser cannot (decision 056): speaking is offered anyway. */
  answerTranscription: boolean;
  preferTyping: boolean;
  onPreferTypingChange: (value: boolean) => void;
  onStart: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export function ReadyView(props: ReadyViewProps) {
  const { interviewId, token, candidateName, jobTitle, questionCount, video, isResuming, linkExpiresAt, recorder, answerTranscription, preferTyping, onPreferTypingChange, onStart } = props;
  const [consented, setConsented] = useState(false);
  const notice = useNotice(interviewId, token);
  const giveConsent = useGiveConsent(interviewId, token);
  const consentId = useId();
  const typingId = useId();
  const name = candidateName.trim();
  const version = notice.data?.notice.version;
  const canStart = consented && version !== undefined && !giveConsent.isPending;
  // Checked on opening, before any consent (issue 30): the candidate learns what this browser will do.
  const browser = useMemo(() => browserCapabilities(video), [video]);
  const { canRecord } = browser;
  const canListen = browser.canListen || answerTranscription;

  // The consent is recorded with the version of the notice shown (decision 025), then the interview starts.
  const start = () => {
    if (version === undefined) return;
    // A refused consent (the notice changed meanwhile, say) is asked for again once the notice is read again.
    giveConsent.mutate(version, { onSuccess: () => onStart(), onError: () => setConsented(false) });
  };

  return (
    <RoomFrame>
      <Card className="w-full max-w-3xl">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Welcome to Your AI Interview
          </CardTitle>
          <p className="text-slate-700">
            {name ? `Hello, ${name}!` : 'Hello!'} This interview is for the <strong className="font-semibold">{jobTitle}</strong> position.
          </p>
          <p className="text-sm font-medium text-slate-700">{durationText(questionCount)}</p>
          {isResuming ? (
            <p className="text-sm text-slate-600">You have already started this interview. It continues after your last answered question.</p>
          ) : linkExpiresAt ? (
            <p className="text-sm text-slate-600">
              This link is valid until {formatCandidateTime(linkExpiresAt)}: start your interview
              before then.
            </p>
          ) : null}
        </CardHeader>
        <CardContent className="space-y-6">
          {/* On a phone the way to the start comes first (issue 30): what this browser does, the notice (its sections one
              tap away), how to answer, the consent. What the interview is like and what it needs follow. */}
          <BrowserStatement canRecord={canRecord} canListen={canListen} />
          {canRecord ? null : <AlternativeRequestSection interviewId={interviewId} token={token} requests={notice.data?.alternativeRequests} />}

          <NoticeSection notice={notice.data?.notice} isError={notice.isError} onRetry={() => void notice.refetch()} />

          {canRecord ? (
            <Section title="How you answer">
              {canListen ? (
                <div className="flex items-start gap-3">
                  <Checkbox
                    id={typingId}
                    checked={preferTyping}
                    onCheckedChange={(checked) => onPreferTypingChange(checked === true)}
                    aria-describedby={`${typingId}-hint`}
                    className="mt-0.5"
                  />
                  <div className="space-y-1">
                    <Label htmlFor={typingId} className="inline-flex items-center gap-1.5">
                      <Keyboard className="size-4 text-slate-500" aria-hidden="true" />
                      I&apos;d prefer to type my answers
                    </Label>
                    <p id={`${typingId}-hint`} className="text-sm text-slate-600">
                      The questions are still read aloud and shown on screen; you type your answers instead of speaking them. This makes no
                      difference to how your answers are evaluated.
                    </p>
                  </div>
                </div>
              ) : (
                <p className="flex items-start gap-2 text-sm text-slate-700">
                  <Keyboard className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                  This browser cannot turn speech into text, so you type your answers. The questions are still read aloud and shown on
                  screen. This makes no difference to how your answers are evaluated.
                </p>
              )}
            </Section>
          ) : null}

          {canRecord ? (
            <div className="space-y-4 border-t border-slate-200 pt-6">
              <div className="flex items-start gap-3">
                <Checkbox id={consentId} checked={consented} onCheckedChange={(checked) => setConsented(checked === true)} className="mt-0.5" />
                <Label htmlFor={consentId} className="leading-snug">
                  I have read the notice above and agree to be interviewed and evaluated by AI and to be recorded.
                </Label>
              </div>
              <Button size="lg" onClick={start} disabled={!canStart} aria-describedby={consented ? undefined : `${consentId}-why`}>
                Ready to Start
              </Button>
              {consented ? null : (
                <p id={`${consentId}-why`} className="text-sm text-slate-600">
                  Please tick the box above to start.
                </p>
              )}
              {giveConsent.isError ? (
                <p role="alert" className="text-sm text-red-700">
                  {describeError(giveConsent.error)}
                </p>
              ) : null}
            </div>
          ) : null}

          <Section title="How this interview works">
            <div className="flex gap-3 rounded-md border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
              <Bot className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
              <ul className="list-disc space-y-1 pl-4">
                <li>
                  {canListen
                    ? 'An AI interviewer conducts this interview: it asks the questions aloud and listens to your answers.'
                    : 'An AI interviewer conducts this interview: it asks the questions aloud and on screen, and you type your answers.'}
                </li>
                <li>An AI evaluates your answers against the criteria set by the employer.</li>
                <li>
                  {video ? 'Your video and audio are recorded' : 'Your audio is recorded'}
                  {canListen ? ', and a written transcript is made of what you say.' : ', and your typed answers are kept as the written transcript.'}
                </li>
                <li>The employer&apos;s recruiters review the results and make the hiring decision.</li>
              </ul>
            </div>
          </Section>

          <Section title="What to Expect">
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>
                You will be asked {questionCount === 1 ? 'one question' : `${questionCount} questions`}, one at a time. The interviewer may ask
                a short follow-up.
              </li>
              <li>Listen carefully to each question.</li>
              <li>Take your time to think before answering.</li>
              <li>Click &apos;End Response&apos; when you finish each answer.</li>
              <li>A short practice question comes first. It is not scored, and you can skip it.</li>
              <li>Right after an answer, you can redo it once.</li>
            </ul>
          </Section>

          <Section title="Technical Requirements">
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>{video ? 'A working webcam and microphone' : 'A working microphone'}</li>
              <li>A stable internet connection</li>
              <li>A quiet environment</li>
              {video ? <li>Good lighting</li> : null}
            </ul>
          </Section>

          {canRecord ? (
            <Section title={video ? 'Check your camera and microphone' : 'Check your microphone'}>
              <DeviceCheck
                stream={recorder.stream}
                video={video}
                isAcquiring={recorder.status === 'acquiring_media'}
                onTest={() => recorder.acquire()}
              />
            </Section>
          ) : null}

          {canRecord ? <AlternativeRequestSection interviewId={interviewId} token={token} requests={notice.data?.alternativeRequests} /> : null}

          <DataRequestSection interviewId={interviewId} token={token} />
        </CardContent>
      </Card>
    </RoomFrame>
  );
}

/**
 * What this browser will do, said before the candidate agrees to anything (issue 30): record and
 * listen, record and read typed answers, or not record at all (and then what to do instead).
 */
function BrowserStatement({ canRecord, canListen }: { canRecord: boolean; canListen: boolean }) {
  if (!canRecord) {
    return (
      <div role="alert" className="flex gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <MonitorX className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
        <p>
          <strong className="font-semibold">This browser cannot record the interview.</strong> Open the link in a current Chrome, Edge, Firefox
          or Safari, or ask for an alternative.
        </p>
      </div>
    );
  }
  return (
    <p className="flex items-start gap-2 text-sm text-slate-700">
      <MonitorCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
      {canListen ? 'Your browser will record the interview; answer aloud, or type if you prefer.' : 'Your browser will record the interview; type your answers.'}
    </p>
  );
}
