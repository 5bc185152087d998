// The render workflow's request bodies and the state the browser follows, shared by client and server.
import { z } from 'zod';
import { AI_ENGINE_IDS, KITCHEN_STYLE_IDS, LIMITS, OUTDOOR_STYLE_IDS, ROOM_TYPE_KEYS } from './constants';

const STYLE_IDS = [...KITCHEN_STYLE_IDS, ...OUTDOOR_STYLE_IDS] as const;

/** The homeowner's own words for a custom render: trimmed, at most 1,000 characters, blank means none. */
export const customPromptField = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .transform((value) => value || null);

/** A render's seed, for repeatable results; the server picks one when it is absent. */
export const renderSeedField = z
  .number()
  .int()
  .min(0)
  .max(LIMITS.renderSeedBelow - 1)
  .optional();

export const createRenderSchema = z
  .object({
    uploadId: z.string().min(1).max(100),
    roomType: z.enum(ROOM_TYPE_KEYS),
    engine: z.enum(AI_ENGINE_IDS),
    styleId: z
      .enum(STYLE_IDS)
      .nullish()
      .transform((value) => value ?? null),
    customPrompt: customPromptField,
    seed: renderSeedField,
  })
  // The seed: a preset, or custom mode with non-blank text.
  .refine((body) => body.styleId !== null || body.customPrompt !== null, {
    error: 'Choose a design style or describe your own.',
    path: ['styleId'],
  });
export type CreateRender = z.input<typeof createRenderSchema>;

/** The seed's generation stages, phases and step indicators, as the server reports them. */
export const RENDER_STAGES = ['analyzing', 'generating', 'complete', 'failed'] as const;
export const RENDER_PHASES = ['analysis', 'architecture', 'generation', 'enhancement'] as const;
export type RenderStage = (typeof RENDER_STAGES)[number];
export type RenderPhaseName = (typeof RENDER_PHASES)[number];

/** A render as the browser sees it (GET /api/renders/:id, the events stream, POST /api/renders). */
export const renderStateSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  stage: z.enum(RENDER_STAGES),
  phase: z.enum(RENDER_PHASES).nullable(),
  /** How far the server really is, 0 to 100, in the seed's bands (15, 35, 80, 95, 100). */
  percent: z.number(),
  engine: z.string(),
  /** True when the offline preview stood in for a failed AI provider. */
  fallback: z.boolean(),
  /** The provider that made the image; 'offline-preview' is the non-AI preview engine. */
  provider: z.string().nullable(),
  /** The AI model that made it, by the name people see ('FLUX.1 Kontext [pro]'); null for the offline preview. */
  modelName: z.string().nullable(),
  /** Why the offline preview stood in for the chosen AI engine: it failed, or AI designs are paused for the day. */
  fallbackReason: z.enum(['ai-unavailable', 'daily-budget']).nullable(),
  previewUrl: z.string().nullable(),
  /** Only once the email step released the full image (or for admins). */
  resultUrl: z.string().nullable(),
  originalUrl: z.string(),
  error: z.string().nullable(),
});
export type RenderState = z.infer<typeof renderStateSchema>;

/** Whether a render has ended, one way or the other: nothing about it changes any more. */
export function renderEnded({ status }: Pick<RenderState, 'status'>): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** POST /api/renders and GET /api/renders/:id */
export const renderResponseSchema = z.object({ success: z.literal(true), render: renderStateSchema });

/** The seed's POST /api/generate-stable-diffusion and /api/generate-architectural-vision (seed 000 §7). */
export const generateResponseSchema = z.object({
  success: z.literal(true),
  generatedImageUrl: z.string().nullable(),
  renderId: z.string(),
});
/** Their answer when the render itself failed (the provider and the offline fallback both). */
export const generateFailureSchema = z.object({ success: z.literal(false), error: z.string(), renderId: z.string() });

/** POST to the Replicate webhook: received (and whether it was a repeat delivery, which changes nothing). */
export const webhookReceivedResponseSchema = z.object({ success: z.literal(true), duplicate: z.boolean().optional() });
