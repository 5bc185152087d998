// What every render provider implements, so that adding one (Replicate, ComfyUI, …) is one module.
import type { RoomType, StyleId } from '../../shared/constants';

export type RenderPhase = 'analysis' | 'architecture' | 'generation' | 'enhancement';

export type RenderProgress = { fraction: number; phase: RenderPhase };

export type EngineInput = {
  /** The homeowner's photo: JPEG, upright, at most 1920 px on the longest side. */
  image: Buffer;
  roomType: RoomType;
  styleId: StyleId | null;
  customPrompt: string | null;
  /** The full text prompt, for providers that take one. */
  prompt: string;
  seed: number;
  onProgress: (progress: RenderProgress) => void;
  /** Aborted when the homeowner gives up on the render; a provider cancels its remote work. */
  signal?: AbortSignal;
};

export type EngineOutput = { image: Buffer; provider: string };

export type RenderProvider = {
  /** Stored with each render; shown to admins. */
  name: string;
  render: (input: EngineInput) => Promise<EngineOutput>;
};
