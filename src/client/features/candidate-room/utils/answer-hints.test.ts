import { describe, expect, it } from 'vitest';
import { answerHints } from './answer-hints';

describe('answerHints', () => {
  it('speaking at a keyboard: the Space key ends a response', () => {
    expect(answerHints({ isTyping: false, isTouchScreen: false })).toEqual({ ctrlEnter: false, space: true });
  });

  it('typing at a keyboard: Ctrl+Enter sends, and Space is not offered (it types a space)', () => {
    expect(answerHints({ isTyping: true, isTouchScreen: false })).toEqual({ ctrlEnter: true, space: false });
  });

  it('on a touch screen: no keyboard hint, speaking or typing', () => {
    expect(answerHints({ isTyping: false, isTouchScreen: true })).toEqual({ ctrlEnter: false, space: false });
    expect(answerHints({ isTyping: true, isTouchScreen: true })).toEqual({ ctrlEnter: false, space: false });
  });
});
