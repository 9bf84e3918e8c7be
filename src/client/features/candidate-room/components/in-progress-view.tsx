import { Circle } from 'lucide-react';
import { useEffect } from 'react';
import type { InterviewFlow } from '../hooks/use-interview-flow';
import { AnswerControls } from './answer-controls';
import { ListeningStatus } from './listening-status';
import { MediaPreview } from './media-preview';
import { QuestionCard } from './question-card';
import { RecordingStatus } from './recording-status';
import { RoomFrame } from './room-frame';
import { TranscriptPanel } from './transcript-panel';
import { TurnOffers } from './turn-offers';

interface InProgressViewProps {
  flow: InterviewFlow;
  candidateName: string;
  jobTitle: string;
}

function HeaderStatus({ jobTitle, isRecording }: { jobTitle: string; isRecording: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-4 text-sm">
      <p className="hidden truncate text-slate-700 sm:block">{jobTitle}</p>
      {isRecording ? (
        <p className="inline-flex items-center gap-1.5 font-medium text-red-700">
          <Circle className="size-2.5 animate-pulse fill-current" aria-hidden="true" />
          Recording
        </p>
      ) : null}
    </div>
  );
}

/** The interview itself: the candidate's camera, the question, the answer controls, and the live transcript beside (or below). */
export function InProgressView({ flow, candidateName, jobTitle }: InProgressViewProps) {
  const { recorder } = flow;
  // The ready page is long and its 'Ready to Start' button at its end: the interview opens at its top, not where that page was scrolled to.
  // A block, not `() => window.scrollTo(…)`: current Chromium returns a promise from scrollTo, and React would call it as the clean-up.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <RoomFrame centered={false} aside={<HeaderStatus jobTitle={jobTitle} isRecording={recorder.status === 'recording'} />}>
      <h1 className="sr-only">Your AI Interview</h1>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col lg:min-h-0 lg:flex-row lg:overflow-hidden">
        <div className="flex-1 space-y-4 p-4 lg:overflow-y-auto lg:p-6">
          <MediaPreview stream={recorder.stream} video={flow.video} compact={flow.isTyping} className="mx-auto max-w-3xl" />
          <div className="mx-auto max-w-3xl space-y-4">
            <QuestionCard view={flow.view} current={flow.current} totalQuestions={flow.totalQuestions} phase={flow.phase} isTyping={flow.isTyping} />
            <ListeningStatus pause={flow.pause} thinkingPrompt={flow.thinkingPrompt} />
            <TurnOffers practice={flow.practice} retake={flow.retake} />
            <AnswerControls
              autoEnd={flow.autoEnd}
              isTyping={flow.isTyping}
              typedAnswer={flow.typedAnswer}
              onTypedAnswerChange={flow.setTypedAnswer}
              canEndResponse={flow.canEndResponse}
              onEndResponse={flow.endResponse}
              preferTyping={flow.preferTyping}
              onPreferTypingChange={flow.setPreferTyping}
              canSpeak={flow.canSpeak}
              transcriptionFailed={flow.transcriptionFailed}
            />
            <RecordingStatus progress={recorder.progress} />
          </div>
        </div>
        <TranscriptPanel
          entries={flow.transcript}
          interim={flow.interim}
          candidateName={candidateName}
          className="border-t border-slate-200 lg:w-[400px] lg:shrink-0 lg:border-t-0 lg:border-l"
        />
      </div>
    </RoomFrame>
  );
}
