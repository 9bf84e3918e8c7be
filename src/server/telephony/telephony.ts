/** Places real phone calls. The conversation itself runs through webhooks (see modules/phone-calls). */
export interface Telephony {
  readonly provider: 'twilio';
  /** Dials `to` (E.164) for the screening call `callId`; answers the provider's call id. */
  placeCall(input: { to: string; callId: number }): Promise<{ sid: string }>;
  /** Deletes a call recording the provider keeps (a candidate's data being deleted); one already gone counts as deleted. */
  deleteRecording(sid: string): Promise<void>;
}

/** '+1' and '(555) 123-4567' as E.164: '+15551234567'. */
export const e164 = (countryCode: string, phoneNumber: string) => `+${countryCode.replace(/\D/g, '')}${phoneNumber.replace(/\D/g, '')}`;
