import { toneClasses } from '@/client/lib/score-tone';

export { scoreTone } from '@/client/lib/score-tone';

export const toneBar = { high: toneClasses.high.bar, medium: toneClasses.medium.bar, low: toneClasses.low.bar } as const;
export const toneText = { high: toneClasses.high.text, medium: toneClasses.medium.text, low: toneClasses.low.text } as const;
