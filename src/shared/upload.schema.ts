// What the upload calls answer: a stored photo, and the QR link's two answers. The server declares these as
// its response schemas and the browser's types are inferred from them.
import { z } from 'zod';

const dimensions = z.object({ width: z.number(), height: z.number() });

/** A photo as the server stored it: normalised to a JPEG of at most 1920 px, with what it was before. */
export const storedUploadSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  originalSize: z.number(),
  processedSize: z.number(),
  originalDimensions: dimensions,
  processedDimensions: dimensions,
  format: z.literal('jpeg'),
});
export type StoredUpload = z.infer<typeof storedUploadSchema>;

/** POST /api/uploads */
export const uploadResponseSchema = z.object({ success: z.literal(true), upload: storedUploadSchema });

/** POST /api/upload-links: a new single-use link, with its QR code. */
export const newUploadLinkResponseSchema = z.object({
  success: z.literal(true),
  link: z.object({ id: z.string(), url: z.string(), expiresAt: z.string(), qrSvg: z.string() }),
});

/** GET /api/upload-links/:id: the desktop's poll, with the photo once the phone has sent it. */
export const uploadLinkStatusResponseSchema = z.object({
  success: z.literal(true),
  link: z.object({ id: z.string(), expiresAt: z.string(), expired: z.boolean(), upload: storedUploadSchema.nullable() }),
});
export type UploadLinkStatus = z.infer<typeof uploadLinkStatusResponseSchema>['link'];
export type NewUploadLink = z.infer<typeof newUploadLinkResponseSchema>['link'];

/** POST /api/upload-links/by-token/:token/photo: the photo arrived; the message sends the person back to the computer. */
export const phonePhotoResponseSchema = z.object({ success: z.literal(true), message: z.string() });
