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
export type RenderStage = 'analyzing' | 'generating' | 'complete' | 'failed';
export type RenderPhaseName = 'analysis' | 'architecture' | 'generation' | 'enhancement';

export type RenderState = {
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  stage: RenderStage;
  phase: RenderPhaseName | null;
  /** How far the server really is, 0 to 100, in the seed's bands (15, 35, 80, 95, 100). */
  percent: number;
  engine: string;
  /** True when the offline preview stood in for a failed AI provider. */
  fallback: boolean;
  /** The provider that made the image; 'offline-preview' is the non-AI preview engine. */
  provider: string | null;
  previewUrl: string | null;
  /** Only once the email step released the full image (or for admins). */
  resultUrl: string | null;
  originalUrl: string;
  error: string | null;
};
