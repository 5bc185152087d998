// What every render provider implements, so that adding one (Replicate, ComfyUI, …) is one module.
import type { RoomType, StyleId } from '#shared/constants';

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
  /**
   * Set when this render refines an earlier result, in the homeowner's words ("paint the walls sage green");
   * `image` is then that result, not the original photo.
   */
  refinement?: string;
  seed: number;
  onProgress: (progress: RenderProgress) => void;
  /** Aborted when the homeowner gives up on the render; a provider cancels its remote work. */
  signal?: AbortSignal;
  /** Set by the render job so a provider with remote jobs never submits twice for one render (cost safety). */
  remote?: RemoteJob;
};

export type RemoteJob = {
  /** The remote job an earlier attempt of this render submitted (e.g. a Replicate prediction id): resume it. */
  id: string | null;
  /** Persists the id of a newly submitted remote job; the provider awaits it before waiting on the job. */
  remember: (id: string) => Promise<void>;
  /** Calls back when the provider signals news about the remote job (a webhook), so polling can look at once. */
  onUpdate?: (listener: () => void) => () => void;
};

export type EngineOutput = {
  image: Buffer;
  /** What the engine says about the result for the homeowner (the offline preview's understood words). */
  note?: string;
  provider: string;
  /** The model's key (see ai-models.ts): 'replicate:google/nano-banana-2', 'offline-preview'. */
  model: string;
  /** The estimated charge for this render, by the price table; 0 for the offline engine. */
  costUsd: number;
};

export type RenderProvider = {
  /** Stored with each render; shown to admins. */
  name: string;
  /** The model it renders with (key and the name people see), for labels before a render starts. */
  model: { key: string; displayName: string };
  render: (input: EngineInput) => Promise<EngineOutput>;
};
