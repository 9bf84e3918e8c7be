import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';

export interface InterviewRoom {
  roomName: string | null;
  roomUrl: string | null;
  /** The AI participant's credential: a LiveKit token when rooms are configured, else a random secret. */
  aiToken: string;
}

export interface RoomService {
  create(interviewId: number, candidateLink: string): Promise<InterviewRoom>;
  /** A token for the candidate to join the room (LiveKit only). */
  candidateToken?(roomName: string, identity: string): Promise<string>;
}

const suffix = () => randomBytes(4).toString('hex');

/**
 * Real-time rooms: with LiveKit configured, a room is created on the LiveKit server and the AI
 * participant gets a signed token; a failure leaves the room empty (the recruiter is warned) but
 * never loses the interview. Without LiveKit the room is the candidate link itself.
 */
export function createRoomService(config: AppConfig, log: FastifyBaseLogger): RoomService {
  const livekit = config.livekit;
  if (!livekit) {
    return {
      create: async (interviewId, candidateLink) => ({ roomName: `interview-${interviewId}-${suffix()}`, roomUrl: candidateLink, aiToken: randomBytes(24).toString('base64url') }),
    };
  }
  const httpUrl = livekit.url.replace(/^ws/, 'http');
  // The SDK is loaded with the first room, not at start (docs/decisions/017-memory-and-start.md).
  let sdk: Promise<typeof import('livekit-server-sdk')> | undefined;
  const loadSdk = () => (sdk ??= import('livekit-server-sdk'));
  let client: Promise<import('livekit-server-sdk').RoomServiceClient> | undefined;
  const connect = () => (client ??= loadSdk().then(({ RoomServiceClient }) => new RoomServiceClient(httpUrl, livekit.apiKey, livekit.apiSecret)));
  const sign = async (roomName: string, identity: string, name: string) => {
    const { AccessToken } = await loadSdk();
    const token = new AccessToken(livekit.apiKey, livekit.apiSecret, { identity, name, ttl: '24h' });
    token.addGrant({ roomJoin: true, room: roomName, canPublish: true, canSubscribe: true });
    return token.toJwt();
  };
  return {
    async create(interviewId) {
      const roomName = `interview-${interviewId}-${suffix()}`;
      const aiToken = await sign(roomName, 'ai-interviewer', 'AI Interviewer');
      try {
        await (await connect()).createRoom({ name: roomName, emptyTimeout: 60 * 60, maxParticipants: 3 });
        return { roomName, roomUrl: livekit.url, aiToken };
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err), interviewId }, 'LiveKit room creation failed');
        return { roomName: null, roomUrl: null, aiToken };
      }
    },
    candidateToken: (roomName, identity) => sign(roomName, identity, 'Candidate'),
  };
}
