// The input objects for the Replicate models the product suggests; any other model needs its own builder.
import type { EngineInput } from '#server/engines/engine';
import { DEFAULT_NEGATIVE_PROMPT, promptFor } from '#server/engines/http/prompt-text';

export type ReplicateInputBuilder = (input: EngineInput, imageDataUri: string) => Record<string, unknown>;

/** adirik/interior-design: SD 1.5 with segmentation and MLSD ControlNets, made for restyling rooms. */
export const interiorDesignInput: ReplicateInputBuilder = (input, image) => ({
  image,
  prompt: promptFor(input),
  negative_prompt: DEFAULT_NEGATIVE_PROMPT,
  num_inference_steps: 50,
  guidance_scale: 15,
  // How far the result may move from the photo: high enough to restyle, low enough to keep the room recognisable.
  prompt_strength: 0.8,
  seed: input.seed,
});

/** black-forest-labs/flux-depth-pro: FLUX guided by a depth map it derives from the photo, so the layout holds. */
export const fluxDepthProInput: ReplicateInputBuilder = (input, image) => ({
  control_image: image,
  prompt: promptFor(input),
  steps: 50,
  guidance: 15,
  seed: input.seed,
  output_format: 'jpg',
});

export const DEFAULT_REPLICATE_INPUTS: Readonly<Record<string, ReplicateInputBuilder>> = {
  'adirik/interior-design': interiorDesignInput,
  'black-forest-labs/flux-depth-pro': fluxDepthProInput,
};
