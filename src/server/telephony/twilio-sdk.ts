import type twilio from 'twilio';

let loading: Promise<typeof twilio> | undefined;

/**
 * The twilio package, loaded the first time a call or a Twilio webhook needs it rather than at
 * start: about 15 MiB of the server's memory that a deployment without phone screening never uses
 * (docs/decisions/017-memory-and-start.md).
 */
export const loadTwilio = (): Promise<typeof twilio> => (loading ??= import('twilio').then((sdk) => sdk.default));
