/** Which keyboard hints the answer controls show (decision 048): only those that work for this input. */
export interface AnswerHints {
  /** "Press Ctrl+Enter … to send your answer": under the answer box. */
  ctrlEnter: boolean;
  /** "press the Space key to end your response": beside End Response. */
  space: boolean;
}

export function answerHints({ isTyping, isTouchScreen }: { isTyping: boolean; isTouchScreen: boolean }): AnswerHints {
  // A touch screen has no keyboard to press; while typing, Space types a space (only Ctrl+Enter sends).
  return { ctrlEnter: isTyping && !isTouchScreen, space: !isTyping && !isTouchScreen };
}
