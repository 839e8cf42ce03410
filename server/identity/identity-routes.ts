// Identity verification calls: image upload (within the user's daily quota), submission, the
// user's own state, and the owner-only route that serves an uploaded image back.
import type { FastifyInstance } from 'fastify';
import { uploadImage } from '../../schemas/api/content.schema.ts';
import {
  submitVerification as submitEndpoint,
  verificationInfo as verificationInfoEndpoint,
} from '../../schemas/api/security.schema.ts';
import { resolveSession, type SessionLimits } from '../accounts/sessions.ts';
import type { AppDeps } from '../deps.ts';
import { bearerToken } from '../http/bearer-token.ts';
import { BusinessError } from '../http/business-error.ts';
import { sendError } from '../http/envelope.ts';
import { apiPrefix, type Router } from '../http/router.ts';
import { inspectImage, reencodeImage } from './image-intake.ts';
import { releaseUpload, reserveUpload } from './upload-quota.ts';
import { contentTypes, ownUpload, readUpload, storeUpload, uploadUrl } from './upload-store.ts';
import { submitVerification, verificationInfo } from './verification.ts';
import { QueueFullError, workQueue } from './work-queue.ts';

export function identityRoutes(
  app: FastifyInstance,
  router: Router,
  deps: AppDeps,
  sessionLimits: SessionLimits,
): void {
  const { db, clock, config } = deps;
  const limits = { maxBytes: config.uploadMaxBytes, maxPixels: config.uploadMaxPixels };
  // Each waiting upload holds its file in memory: a few per running place is plenty of slack.
  const encoder = workQueue(config.uploadEncodeConcurrency, config.uploadEncodeConcurrency * 8);

  // Cheapest refusals first: the header (nothing decoded), then the quota (one statement), and
  // only then the decode and re-encode, in turn with every other upload of this server.
  router.add(uploadImage, async (input, context) => {
    const format = await inspectImage(input.file, limits);
    const reservation = await reserveUpload(
      db,
      clock,
      context.session.userId,
      input.file.byteLength,
      config.uploadQuota,
    );
    try {
      const image = await encoder.run(() => reencodeImage(input.file, format, limits.maxPixels));
      const name = await storeUpload(db, config.dataDir, context.session.userId, image);
      return { url: uploadUrl(name) };
    } catch (error) {
      // An image that failed to decode keeps its place: the decoder's work was spent on it.
      // A full queue or a failed write is the server's doing, so the place is given back.
      if (error instanceof BusinessError) throw error;
      await releaseUpload(db, reservation);
      if (error instanceof QueueFullError) throw new BusinessError('rate_limited');
      throw error;
    }
  });

  router.add(verificationInfoEndpoint, async (_input, context) =>
    verificationInfo(db, context.session.userId),
  );

  router.add(submitEndpoint, async (input, context) =>
    submitVerification(db, clock, context.session.userId, input),
  );

  // Bytes, not an envelope, so the app can show the image; only to the user who uploaded it
  // (operators read the files on the server). Anyone else gets the answer an unknown name gets.
  app.get<{ Params: { name: string } }>(
    `${apiPrefix}${uploadImage.path}/:name`,
    async (request, reply) => {
      const token = bearerToken(request);
      const session = token ? await resolveSession(db, clock, sessionLimits, token) : null;
      if (!session) return sendError(request, reply, 'session_expired');
      const upload = await ownUpload(db, session.userId, request.params.name);
      if (!upload) return sendError(request, reply, 'not_found');
      const bytes = await readUpload(config.dataDir, upload.name);
      return reply
        .header('content-type', contentTypes[upload.format])
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
