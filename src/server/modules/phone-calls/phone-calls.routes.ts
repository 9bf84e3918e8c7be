import type { FastifyInstance } from 'fastify';
import { simulatorRoutes } from './simulator.routes';
import { twilioRoutes } from './twilio.routes';

/** Screening calls: Twilio's webhooks, and the in-browser call simulator with the call results. */
export async function phoneCallRoutes(app: FastifyInstance): Promise<void> {
  await app.register(twilioRoutes);
  await app.register(simulatorRoutes);
}
