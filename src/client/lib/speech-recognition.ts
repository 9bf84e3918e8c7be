/** The parts of the Web Speech API's recognition interface the room uses (lib.dom has no constructor type). */
export interface RecognitionAlternative {
  transcript: string;
}
export interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative | undefined;
}
export interface RecognitionResultEvent {
  resultIndex?: number;
  results: { readonly length: number; [index: number]: RecognitionResult | undefined };
}
export interface RecognitionErrorEvent {
  error: string;
  message?: string;
}
export interface Recognition {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort?(): void;
}
export type RecognitionConstructor = new () => Recognition;

/** `SpeechRecognition`, or Chrome's and Safari's prefixed `webkitSpeechRecognition`, when the browser has either. */
export function speechRecognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Recognition errors after which listening cannot work: the candidate types instead. */
export const FATAL_RECOGNITION_ERRORS = new Set(['not-allowed', 'audio-capture', 'service-not-allowed']);
